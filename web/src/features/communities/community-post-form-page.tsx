// The community post form (product.md sections 2, 4, 5 and "Community post form layout"), on three routes:
// - /communities/:communityId/create-post: a manager of that community creates (checked against the
//   managed-communities call); returns to /communities/{communityId};
// - /community-post/create: an administrator creates, choosing the community; returns to the admin list;
// - /community-post/:communityPostId/edit: first asks the verify call; when the answer is no (or the call
//   fails) the not-allowed view replaces the form. Managers return to the post's community, administrators
//   to the admin list.
// Main card: Title, Subtitle, uploads with progress, rich-text Description. Side card 'Publish': Status,
// Allow comments, Start At, End At, Community (admin form only) and Update. Publishing needs a community;
// switching to Draft clears that error.
import { type CommunityPost, type FileInfo, MSG, PATHS, ROLE, STATE } from '@hearth/contract';
import { Button, Card, Form, Result, Select, Switch, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useMemo } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { ColumnsForm, SaveBar, useSaveAndLeave, useUploading } from '../../lib/form-page';
import { PageHeader } from '../../lib/page-header';
import { LoadError, LoadingBlock } from '../../lib/query-states';
import { useProfile } from '../../lib/session';
import { StartEndFields } from '../../lib/start-end-fields';
import { StatusField } from '../../lib/status-field';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PostFilesField } from '../../shared/posts/post-files-field';
import { PostSubtitleField, PostTitleField } from '../../shared/posts/post-form-fields';
import { RichTextEditor } from '../../shared/posts/rich-text-editor';
import {
  useCommunityOptions,
  useCommunityPostForEdit,
  useManagedCommunities,
  useSaveCommunityPost,
  useVerifyCommunityPost,
} from './admin-api';
import { afterSavePath, communityRequiredError, toCommunityPostBody } from './community-form-logic';
import { postFormMode } from './route-params';
import './admin-communities.css';

type Values = {
  title: string;
  subtitle: string;
  text: string;
  stateId: number;
  isCommentable: boolean;
  startAt: Dayjs | null;
  endAt: Dayjs | null;
  communityId: number | null;
  files: FileInfo[];
};

function initialValues(post: CommunityPost | undefined, communityId: number | null): Values {
  if (!post) {
    return {
      title: '',
      subtitle: '',
      text: '',
      stateId: STATE.DRAFT,
      isCommentable: true,
      startAt: null,
      endAt: null,
      communityId,
      files: [],
    };
  }
  return {
    title: post.title,
    subtitle: post.subtitle,
    text: post.text,
    stateId: post.stateId === STATE.PUBLISHED ? STATE.PUBLISHED : STATE.DRAFT,
    isCommentable: post.isCommentable === 1,
    startAt: post.startAt ? dayjs(post.startAt) : null,
    endAt: post.endAt ? dayjs(post.endAt) : null,
    communityId: post.communityId,
    files: post.files,
  };
}

type FormProps = {
  post?: CommunityPost;
  /** The administrator's form: the community is chosen here. */
  chooseCommunity: boolean;
  /** The community of a manager's form (not changeable), and its title when known. */
  fixedCommunity?: { id: number | null; title?: string };
  /** Where to go after saving (or cancelling). */
  returnTo: string;
};

function CommunityPostForm({ post, chooseCommunity, fixedCommunity, returnTo }: FormProps) {
  const navigate = useNavigate();
  const profile = useProfile();
  const [form] = Form.useForm<Values>();
  const save = useSaveCommunityPost(post?.id);
  const communities = useCommunityOptions(chooseCommunity);
  const [uploading, onBusyChange] = useUploading();
  const initial = useMemo(() => initialValues(post, fixedCommunity?.id ?? null), [post, fixedCommunity?.id]);

  const send = useSaveAndLeave(form, save, {
    message: post ? MSG.communityPostUpdated : MSG.communityPostCreated,
    to: returnTo,
  });
  const onFinish = (values: Values) =>
    send(
      toCommunityPostBody(values, {
        fixedCommunityId: chooseCommunity ? undefined : (fixedCommunity?.id ?? null),
        createdById: post ? undefined : profile?.id,
      }),
    );

  // product.md section 4: switching the status to Draft clears the community-required error at once.
  const onValuesChange = (changed: Partial<Values>) => {
    if (changed.stateId === STATE.DRAFT && chooseCommunity) {
      form.setFields([{ name: 'communityId', errors: [] }]);
    }
  };

  const communityOptions = (communities.data ?? []).map((c) => ({ value: c.id, label: c.title }));

  return (
    <ColumnsForm<Values>
      form={form}
      name="community-post"
      initialValues={initial}
      onFinish={onFinish}
      onValuesChange={onValuesChange}
      // Stays disabled after a save: the page may linger while the next one loads.
      disabled={save.isPending || save.isSuccess}
      main={
        <Card title="Content">
          <PostTitleField />
          <PostSubtitleField />
          <Form.Item label="Files" name="files">
            <PostFilesField onBusyChange={onBusyChange} />
          </Form.Item>
          <Form.Item label="Description" name="text">
            <RichTextEditor />
          </Form.Item>
        </Card>
      }
      side={
        <Card title="Publish" className="post-form-side">
          <StatusField />
          <Form.Item label="Allow comments" name="isCommentable" valuePropName="checked">
            <Switch />
          </Form.Item>
          <StartEndFields
            labels={['Start At', 'End At']}
            startExtra="Leave empty to show the post once it is saved."
          />
          {chooseCommunity ? (
            <Form.Item
              label="Community"
              name="communityId"
              dependencies={['stateId']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_rule, value: number | null | undefined) => {
                    const problem = communityRequiredError(getFieldValue('stateId') as number, value);
                    if (problem) throw new Error(problem);
                  },
                }),
              ]}
            >
              <Select
                allowClear
                placeholder="Select a community"
                loading={communities.isPending}
                options={communityOptions}
                showSearch={{ optionFilterProp: 'label' }}
                data-testid="select-community"
              />
            </Form.Item>
          ) : (
            fixedCommunity?.title && (
              <Typography.Paragraph>
                <Typography.Text type="secondary">Community: </Typography.Text>
                {fixedCommunity.title}
              </Typography.Paragraph>
            )
          )}
          <SaveBar
            label="Update"
            saving={save.isPending}
            disabled={uploading || save.isSuccess}
            uploading={uploading}
            onCancel={() => navigate(returnTo)}
          />
        </Card>
      }
    />
  );
}

/** product.md section 8: 'You are not authorized to view this page' replaces the form. */
function NotAllowed() {
  const navigate = useNavigate();
  const profile = useProfile();
  const isAdmin = profile?.roles.id === ROLE.ADMIN;
  return (
    <Card>
      <Result
        status="403"
        title={MSG.forbidden}
        extra={
          <Button
            type="primary"
            onClick={() => navigate(isAdmin ? PATHS.adminCommunityPostList : PATHS.communities)}
          >
            {isAdmin ? 'Back to community posts' : 'Back to communities'}
          </Button>
        }
      />
    </Card>
  );
}

function Loading() {
  return (
    <Card>
      <LoadingBlock rows={10} />
    </Card>
  );
}

/** /community-post/:communityPostId/edit: verify first, then load the post. */
function EditBody({ postId, isAdmin }: { postId: number | null; isAdmin: boolean }) {
  const profile = useProfile();
  const verify = useVerifyCommunityPost(postId ?? undefined, profile?.id);
  const verified = verify.data?.verified === true;
  const post = useCommunityPostForEdit(postId ?? undefined, verified);

  if (postId === null) return <NotAllowed />;
  if (verify.isPending) return <Loading />;
  if (verify.isError || !verified) return <NotAllowed />;
  if (post.isError) return <LoadError error={post.error} onRetry={() => post.refetch()} />;
  if (!post.data) return <Loading />;
  const data = post.data;
  return (
    <CommunityPostForm
      key={data.id}
      post={data}
      chooseCommunity={isAdmin}
      fixedCommunity={{ id: data.communityId, title: data.community?.title }}
      returnTo={afterSavePath(isAdmin, data.communityId)}
    />
  );
}

/** /communities/:communityId/create-post: only for the managers of that community (and administrators). */
function ManagerCreateBody({ communityId, isAdmin }: { communityId: number | null; isAdmin: boolean }) {
  const profile = useProfile();
  const managed = useManagedCommunities(isAdmin ? undefined : profile?.id);
  const returnTo = communityId ? `/communities/${communityId}` : PATHS.communities;

  if (communityId === null || !profile) return <NotAllowed />;
  if (!isAdmin) {
    if (managed.isPending) return <Loading />;
    const mine = managed.data?.find((c) => c.id === communityId);
    if (managed.isError || !mine) return <NotAllowed />;
    return (
      <CommunityPostForm
        chooseCommunity={false}
        fixedCommunity={{ id: communityId, title: mine.title }}
        returnTo={returnTo}
      />
    );
  }
  return (
    <CommunityPostForm chooseCommunity={false} fixedCommunity={{ id: communityId }} returnTo={returnTo} />
  );
}

export default function CommunityPostFormPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const mode = postFormMode(params);
  const profile = useProfile();
  const isAdmin = profile?.roles.id === ROLE.ADMIN;
  const title = mode.kind === 'edit' ? 'Edit Community Post' : 'Create Community Post';
  useDocumentTitle(title);

  let body: ReactNode;
  if (mode.kind === 'edit') body = <EditBody postId={mode.postId} isAdmin={isAdmin} />;
  else if (mode.kind === 'manager-create')
    body = <ManagerCreateBody communityId={mode.communityId} isAdmin={isAdmin} />;
  else if (isAdmin) body = <CommunityPostForm chooseCommunity returnTo={PATHS.adminCommunityPostList} />;
  else body = <NotAllowed />;

  return (
    <section className="page post-form-page community-post-form-page">
      <PageHeader title={title} />
      {/* Another route of this page starts a fresh form. */}
      <div key={pathname}>{body}</div>
    </section>
  );
}
