// /post/create, /admin-feed-post-create and /post/edit/:postId (roles 1 and 3): the feed post form
// (product.md sections 2, 4 and 5). Invalid forms scroll to the first error and send nothing; a save that
// fails shows the server's message (and per-field messages) and leaves the form editable.
import {
  type FeedPost,
  type FeedPostBody,
  type FileInfo,
  formatApiDate,
  GROUP_TYPE,
  MSG,
  PATHS,
  STATE,
} from '@hearth/contract';
import { Card, Checkbox, Form, type FormRule, Select, Switch } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ColumnsForm, editFormPage, SaveBar, useSaveAndLeave, useUploading } from '../../lib/form-page';
import { DateTimeInput, StartEndFields } from '../../lib/start-end-fields';
import { StatusField } from '../../lib/status-field';
import { GroupSelects, otherGroupIds } from '../../shared/people/group-selects';
import { useGroups } from '../../shared/people/groups';
import { PostFilesField } from '../../shared/posts/post-files-field';
import { PostSubtitleField, PostTitleField } from '../../shared/posts/post-form-fields';
import { RichTextEditor } from '../../shared/posts/rich-text-editor';
import { useAdminFeedPost, useFeedCategories, useSaveFeedPost } from './api';

type Values = {
  title: string;
  subtitle: string;
  text: string;
  feedCategories: number[];
  location: number[];
  department: number[];
  startAt: Dayjs | null;
  endAt: Dayjs | null;
  isFeatured: boolean;
  isCommentable: boolean;
  stateId: 1 | 2;
  files: FileInfo[];
  requiresAck: boolean;
  ackDueAt: Dayjs | null;
};

/** A new post runs from now for a month unless the author says otherwise. */
const DEFAULT_RUN_DAYS = 30;

function idsOfType(post: FeedPost | undefined, typeId: number): number[] {
  return (post?.groups ?? []).filter((g) => g.groupTypeId === typeId).map((g) => g.id);
}

function initialValues(post: FeedPost | undefined): Values {
  if (!post) {
    const start = dayjs().second(0).millisecond(0);
    return {
      title: '',
      subtitle: '',
      text: '',
      feedCategories: [],
      location: [],
      department: [],
      startAt: start,
      endAt: start.add(DEFAULT_RUN_DAYS, 'day'),
      isFeatured: false,
      isCommentable: true,
      stateId: STATE.DRAFT,
      files: [],
      requiresAck: false,
      ackDueAt: null,
    };
  }
  return {
    title: post.title,
    subtitle: post.subtitle,
    text: post.text,
    feedCategories: post.feedCategories.map((c) => c.id),
    location: idsOfType(post, GROUP_TYPE.LOCATION),
    department: idsOfType(post, GROUP_TYPE.DEPARTMENT),
    startAt: post.startAt ? dayjs(post.startAt) : null,
    endAt: post.endAt ? dayjs(post.endAt) : null,
    isFeatured: post.isFeatured === 1,
    isCommentable: post.isCommentable === 1,
    stateId: post.stateId === STATE.PUBLISHED ? STATE.PUBLISHED : STATE.DRAFT,
    files: post.files,
    requiresAck: post.requiresAck,
    ackDueAt: post.ackDueAt ? dayjs(post.ackDueAt) : null,
  };
}

/** The acknowledgement due date, when given, comes after the start (as the server checks). */
const ackDueAfterStartRule: FormRule = ({ getFieldValue }) => ({
  validator: async (_rule, value: Dayjs | null) => {
    const start = getFieldValue('startAt') as Dayjs | null;
    if (value && start && !value.isAfter(start)) throw new Error(MSG.ackDueBeforeStart);
  },
});

/**
 * "Requires acknowledgement" (issue 18) and its optional due date, which only a must-read post has. The
 * server's field message (MSG.ackDueBeforeStart) lands on the date through the form's error handling.
 */
function AcknowledgementFields() {
  const form = Form.useFormInstance<Values>();
  const required = Form.useWatch('requiresAck', form) === true;
  return (
    <>
      <Form.Item
        name="requiresAck"
        valuePropName="checked"
        extra="Staff see it at the top of News until they press “I have read this”."
      >
        <Checkbox
          onChange={(e) => {
            if (!e.target.checked) form.setFields([{ name: 'ackDueAt', errors: [] }]);
          }}
        >
          Requires acknowledgement
        </Checkbox>
      </Form.Item>
      <Form.Item
        label="Acknowledge by"
        name="ackDueAt"
        dependencies={['startAt', 'requiresAck']}
        rules={required ? [ackDueAfterStartRule] : []}
        extra={required ? 'Optional. Reminders go out a day before and on the day.' : undefined}
      >
        <DateTimeInput disabled={!required} placeholder="No due date" />
      </Form.Item>
    </>
  );
}

/** Server field names that the form calls differently. */
const FIELD_ALIASES = { groups: 'location' };

function PostForm({ post }: { post?: FeedPost }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const save = useSaveFeedPost(post?.id);
  const categories = useFeedCategories();
  const groups = useGroups();
  const [uploading, onBusyChange] = useUploading();
  const initial = useMemo(() => initialValues(post), [post]);
  // Groups of other types (teams) are not on this form: keep them as they are.
  const otherGroups = useMemo(() => otherGroupIds(post?.groups), [post]);

  const send = useSaveAndLeave(form, save, {
    message: post ? MSG.postUpdated : MSG.postCreated,
    to: PATHS.adminFeedPostList,
    aliases: FIELD_ALIASES,
  });
  const onFinish = (values: Values) => {
    if (!values.startAt || !values.endAt) return;
    const body: FeedPostBody = {
      title: values.title.trim(),
      subtitle: values.subtitle.trim(),
      text: values.text ?? '',
      feedCategories: values.feedCategories,
      groups: [...(values.location ?? []), ...(values.department ?? []), ...otherGroups],
      startAt: formatApiDate(values.startAt.toDate()),
      endAt: formatApiDate(values.endAt.toDate()),
      isFeatured: values.isFeatured ? 1 : 0,
      isCommentable: values.isCommentable ? 1 : 0,
      stateId: values.stateId,
      files: (values.files ?? []).map((f) => f.id),
      requiresAck: values.requiresAck ? 1 : 0,
      ackDueAt: values.requiresAck && values.ackDueAt ? formatApiDate(values.ackDueAt.toDate()) : null,
    };
    send(body);
  };

  const categoryOptions = (categories.data ?? []).map((c) => ({ value: c.id, label: c.name }));

  return (
    <ColumnsForm<Values>
      form={form}
      name="feed-post"
      initialValues={initial}
      onFinish={onFinish}
      disabled={save.isPending}
      main={
        <Card title="Content">
          <PostTitleField />
          <PostSubtitleField />
          <Form.Item label="Description" name="text">
            <RichTextEditor />
          </Form.Item>
          <Form.Item label="Files" name="files">
            <PostFilesField onBusyChange={onBusyChange} />
          </Form.Item>
        </Card>
      }
      side={
        <Card title="Publish" className="post-form-side">
          <StatusField />
          <Form.Item
            label="Categories"
            name="feedCategories"
            rules={[{ required: true, type: 'array', min: 1, message: MSG.categoryRequired }]}
          >
            <Select
              mode="multiple"
              placeholder="Select categories"
              loading={categories.isPending}
              options={categoryOptions}
              showSearch={{ optionFilterProp: 'label' }}
              data-testid="select-categories"
            />
          </Form.Item>
          <StartEndFields
            labels={['Start date', 'End date']}
            required={[MSG.startDateRequired, MSG.endDateRequired]}
          />
          <GroupSelects
            groups={groups.data}
            loading={groups.isPending}
            multiple
            locationLabel="Location"
            departmentExtra="Leave location and department empty to show the post to everyone."
          />
          <Form.Item
            label="Featured"
            name="isFeatured"
            valuePropName="checked"
            extra="Shown in the carousel on News."
          >
            <Switch />
          </Form.Item>
          <Form.Item label="Allow comments" name="isCommentable" valuePropName="checked">
            <Switch />
          </Form.Item>
          <AcknowledgementFields />
          <SaveBar
            label="Save"
            saving={save.isPending}
            disabled={uploading}
            uploading={uploading}
            onCancel={() => navigate(PATHS.adminFeedPostList)}
          />
        </Card>
      }
    />
  );
}

export default editFormPage({
  param: 'postId',
  titles: { create: 'Create Post', edit: 'Edit Post' },
  className: 'post-form-page',
  useRecord: useAdminFeedPost,
  form: (p) => <PostForm key={p?.id} post={p} />,
});
