// What the create-or-edit form pages (feed posts, communities, community posts) share: the route's id,
// the page body while the record loads, the form's layout and scrolling to the first error, saving with a
// toast and a move on (or the server's messages on the fields), and the Save/Cancel bar that waits for
// uploads (SPEC sections 4, 5 and 8).
import { MSG } from '@hearth/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, type FormInstance, type FormProps, Space, Typography } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { useNavigate } from 'react-router';
import { showFormError } from './form-errors';
import { toastSuccess } from './notify';
import { PageHeader } from './page-header';
import { LoadError, LoadingBlock } from './query-states';
import { useDocumentTitle } from './use-document-title';

/** A route's id parameter: undefined when absent or not a database id. */
const parseRouteId = (value: string | undefined) =>
  value && /^\d{1,10}$/.test(value) ? Number(value) : undefined;

/** Layout and scrolling of the form pages: invalid forms scroll to the first error and send nothing. */
export const FORM_PAGE_PROPS = {
  layout: 'vertical',
  scrollToFirstError: { behavior: 'smooth', block: 'center', focus: true },
} as const satisfies FormProps;

/**
 * A create-or-edit page: its header and title, then the new form, or on edit (the route's `param` is set)
 * the record's error, loading or form.
 */
export function EditFormPage<T>({
  param,
  titles,
  className,
  useRecord,
  rows,
  form,
}: {
  /** The route's id parameter, absent on create. */
  param: string | undefined;
  titles: { create: string; edit: string };
  className: string;
  /** Loads the record (disabled while the id is undefined). */
  useRecord: (id: number | undefined) => UseQueryResult<T>;
  /** Skeleton rows while the record loads. */
  rows: number;
  /** The form: empty without a record. */
  form: (record?: T) => ReactNode;
}) {
  const id = parseRouteId(param);
  const editing = param !== undefined;
  const title = editing ? titles.edit : titles.create;
  useDocumentTitle(title);
  const record = useRecord(id);

  let body: ReactNode;
  if (!editing) body = form();
  else if (id === undefined) body = <LoadError error={new Error(MSG.notFound)} />;
  else if (record.isError) body = <LoadError error={record.error} onRetry={() => record.refetch()} />;
  else if (!record.data)
    body = (
      <Card>
        <LoadingBlock rows={rows} />
      </Card>
    );
  else body = form(record.data);

  return (
    <section className={`page ${className}`}>
      <PageHeader title={title} />
      {body}
    </section>
  );
}

/** Whether an upload field is busy, and the callback the field reports it through. */
export function useUploading(): [boolean, (busy: boolean) => void] {
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  return [uploading, onBusyChange];
}

type Save<B> = {
  mutate: (body: B, options: { onSuccess: () => void; onError: (err: unknown) => void }) => void;
};

/**
 * Sends a form's body: on success toasts `message` and goes to `to`; on failure shows the server's message
 * and puts its per-field messages on the form (`aliases` as showFormError).
 */
export function useSaveAndLeave<B>(
  form: FormInstance,
  save: Save<B>,
  done: { message: string; to: string; aliases?: Record<string, string> },
): (body: B) => void {
  const navigate = useNavigate();
  return (body) =>
    save.mutate(body, {
      onSuccess: () => {
        toastSuccess(done.message);
        navigate(done.to);
      },
      onError: (err) => showFormError(form, err, done.aliases),
    });
}

/** The submit and Cancel buttons of a form page; while an upload runs, saving waits and says so. */
export function SaveBar({
  label,
  saving,
  disabled,
  uploading,
  onCancel,
  waitText = 'Saving is possible once the uploads have finished.',
}: {
  label: string;
  saving: boolean;
  disabled: boolean;
  uploading: boolean;
  onCancel: () => void;
  waitText?: string;
}) {
  return (
    <>
      <Space wrap>
        <Button type="primary" htmlType="submit" loading={saving} disabled={disabled}>
          {label}
        </Button>
        <Button onClick={onCancel}>Cancel</Button>
      </Space>
      {uploading && (
        <Typography.Paragraph type="secondary" className="post-form-wait" role="status">
          {waitText}
        </Typography.Paragraph>
      )}
    </>
  );
}
