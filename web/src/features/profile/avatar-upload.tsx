// Avatar change on Basic Settings: JPG/PNG under 2MB is checked here first (product.md section 5), then sent
// as base64; the server resizes it to 800x800.
import { UploadOutlined } from '@ant-design/icons';
import { LIMITS, MSG } from '@hearth/contract';
import { Button, Flex, Upload } from 'antd';
import { toastError, toastSuccess } from '../../lib/notify';
import { useProfile } from '../../lib/session';
import { UserAvatar } from '../../lib/user-avatar';
import { useUploadProfileImage } from './api';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

function readAsBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => {
      const url = String(reader.result);
      // Send the bare base64 payload, without the `data:<type>;base64,` prefix.
      resolve(url.slice(url.indexOf(',') + 1));
    };
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsDataURL(file);
  });
}

type Props = { firstName: string; lastName: string; src: string | null };

export function AvatarUpload({ firstName, lastName, src }: Props) {
  const profile = useProfile();
  const upload = useUploadProfileImage(profile?.id);

  const beforeUpload = (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      toastError(undefined, MSG.imageTypeOnly);
      return Upload.LIST_IGNORE;
    }
    if (file.size >= LIMITS.profileImageMaxBytes) {
      toastError(undefined, MSG.profileImageTooBig);
      return Upload.LIST_IGNORE;
    }
    readAsBase64(file)
      .then((base64) =>
        upload.mutate(
          { base64, filename: file.name },
          { onSuccess: () => toastSuccess(MSG.imageUploaded), onError: (err) => toastError(err) },
        ),
      )
      .catch((err: unknown) => toastError(err));
    // We send the file ourselves; antd must not.
    return false;
  };

  return (
    <Flex gap={16} align="center" wrap>
      <UserAvatar firstName={firstName} lastName={lastName} src={upload.data?.payload.url ?? src} size={96} />
      <Upload accept={IMAGE_TYPES.join(',')} showUploadList={false} beforeUpload={beforeUpload} maxCount={1}>
        <Button icon={<UploadOutlined aria-hidden />} loading={upload.isPending}>
          Change avatar
        </Button>
      </Upload>
    </Flex>
  );
}
