// The community image (product.md section 5): JPG or PNG only, under 2MB on create and 10MB on edit. The file
// is checked here first, then uploaded at once with a progress bar (0-90 while sending, 100 when stored,
// exception with the server's message on failure). The form value is the stored file's id and URL.
import { DeleteOutlined, PictureOutlined, UploadOutlined } from '@ant-design/icons';
import { MSG } from '@hearth/contract';
import { Button, Flex, Progress, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { errorText, toastError, toastSuccess } from '../../lib/notify';
import { uploadPostFile } from '../../shared/posts/upload';
import { COMMUNITY_IMAGE_TYPES, checkCommunityImage } from './community-form-logic';

export type CommunityImageValue = { id: number; url: string } | null;

type Props = {
  id?: string;
  value?: CommunityImageValue;
  onChange?: (value: CommunityImageValue) => void;
  editing: boolean;
  onBusyChange?: (busy: boolean) => void;
  disabled?: boolean;
};

type Progressing = { percent: number; status: 'active' | 'success' | 'exception'; error?: string };

export function CommunityImageField({ id, value = null, onChange, editing, onBusyChange, disabled }: Props) {
  const input = useRef<HTMLInputElement>(null);
  const controller = useRef<AbortController | null>(null);
  const [progress, setProgress] = useState<Progressing | null>(null);
  const busy = progress?.status === 'active';
  useEffect(() => onBusyChange?.(busy), [busy, onBusyChange]);
  // Leaving the form cancels an upload still running.
  useEffect(() => () => controller.current?.abort(), []);

  const start = (file: File) => {
    const problem = checkCommunityImage(file, editing);
    if (problem) {
      toastError(undefined, problem);
      return;
    }
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setProgress({ percent: 0, status: 'active' });
    uploadPostFile(file, {
      signal: current.signal,
      onProgress: (percent) => setProgress({ percent, status: 'active' }),
    })
      .then((result) => {
        setProgress({ percent: 100, status: 'success' });
        onChange?.({ id: result.fileId, url: result.payload.url });
        toastSuccess(MSG.imageUploaded);
      })
      .catch((err: unknown) => {
        if (current.signal.aborted) return;
        setProgress((p) => ({ percent: p?.percent ?? 0, status: 'exception', error: errorText(err) }));
        toastError(err);
      });
  };

  return (
    <div className="community-image-field" id={id}>
      {value ? (
        <img src={value.url} alt="Community" className="community-image-preview" />
      ) : (
        <Flex align="center" justify="center" className="community-image-preview" aria-hidden>
          <PictureOutlined className="community-image-placeholder-icon" />
        </Flex>
      )}
      <Flex vertical gap={8} className="community-image-progress">
        <Flex gap={8} wrap>
          <Button
            icon={<UploadOutlined aria-hidden />}
            onClick={() => input.current?.click()}
            loading={busy}
            disabled={disabled}
          >
            {value ? 'Change image' : 'Upload image'}
          </Button>
          {value && !busy && (
            <Button
              icon={<DeleteOutlined aria-hidden />}
              onClick={() => {
                setProgress(null);
                onChange?.(null);
              }}
              disabled={disabled}
            >
              Remove
            </Button>
          )}
        </Flex>
        <input
          ref={input}
          type="file"
          accept={COMMUNITY_IMAGE_TYPES.join(',')}
          style={{ display: 'none' }}
          aria-label="Community image"
          data-testid="community-image-input"
          onChange={(e) => {
            const file = e.target.files?.[0];
            if (file) start(file);
            e.target.value = '';
          }}
        />
        <Typography.Text type="secondary">
          {editing ? 'JPG or PNG, under 10MB.' : 'JPG or PNG, under 2MB.'}
        </Typography.Text>
        {progress && (
          <Progress
            percent={progress.percent}
            status={progress.status}
            size="small"
            aria-label="Upload of the community image"
            data-testid="upload-progress"
          />
        )}
        {progress?.error && (
          <Typography.Text type="danger" role="alert">
            {progress.error}
          </Typography.Text>
        )}
      </Flex>
    </div>
  );
}
