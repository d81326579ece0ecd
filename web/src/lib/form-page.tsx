// What the form pages (feed posts, communities, community posts, surveys, users, company stats) share: the
// route's id, the page body while the record loads, the form's layout (a main and a side column) and
// scrolling to the first error, saving with a toast and a move on (or the server's messages on the fields),
// and the Save/Cancel bar that waits for uploads (product.md sections 4, 5 and 8).
import { MSG } from '@hearth/contract';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button, Card, Col, Form, type FormInstance, type FormProps, Row, Space, Typography } from 'antd';
import { type ReactNode, useCallback, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { showFormError } from './form-errors';
import { toastSuccess } from './notify';
import { PageHeader } from './page-header';
import { parseRouteId } from './query-helpers';
import { LoadError, LoadingBlock } from './query-states';
import { useDocumentTitle } from './use-document-title';
import './form-page.css';

/** Layout and scrolling of the form pages: invalid forms scroll to the first error and send nothing. */
export const FORM_PAGE_PROPS = {
  layout: 'vertical',
  scrollToFirstError: { behavior: 'smooth', block: 'center', focus: true },
} as const satisfies FormProps;

/** A form page's form: the house layout, the main card(s) beside the side card (below it on narrow screens). */
export function ColumnsForm<V>({
  main,
  side,
  ...props
}: FormProps<V> & { main: ReactNode; side: ReactNode }) {
  return (
    <Form<V> {...FORM_PAGE_PROPS} {...props}>
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          {main}
        </Col>
        <Col xs={24} lg={8}>
          {side}
        </Col>
      </Row>
    </Form>
  );
}

type EditFormPageProps<T> = {
  /** The route's id parameter, absent on create. */
  param: string | undefined;
  titles: { create: string; edit: string };
  className?: string;
  /** Loads the record (disabled while the id is undefined). */
  useRecord: (id: number | undefined) => UseQueryResult<T>;
  /** Skeleton rows while the record loads. */
  rows?: number;
  /** The form: empty without a record. */
  form: (record?: T) => ReactNode;
  /** The header's actions, given the route's id. */
  extra?: (id: number | undefined) => ReactNode;
  /** Instead of the not-found error, for an id that cannot be one. */
  notFound?: ReactNode;
  /** Instead of the skeleton card while the record loads. */
  loading?: ReactNode;
  /** A box around the body (e.g. `form-card`, a narrow form). */
  bodyClassName?: string;
};

/**
 * A create-or-edit page: its header and title, then the new form, or on edit (the route's `param` is set)
 * the record's error, loading or form.
 */
export function EditFormPage<T>({
  param,
  titles,
  className,
  useRecord,
  rows = 10,
  form,
  extra,
  notFound = <LoadError error={new Error(MSG.notFound)} />,
  loading = (
    <Card>
      <LoadingBlock rows={rows} />
    </Card>
  ),
  bodyClassName,
}: EditFormPageProps<T>) {
  const id = parseRouteId(param);
  const editing = param !== undefined;
  const title = editing ? titles.edit : titles.create;
  useDocumentTitle(title);
  const record = useRecord(id);

  let body: ReactNode;
  if (!editing) body = form();
  else if (id === undefined) body = notFound;
  else if (record.isError) body = <LoadError error={record.error} onRetry={() => record.refetch()} />;
  else if (!record.data) body = loading;
  else body = form(record.data);

  return (
    <section className={className ? `page ${className}` : 'page'}>
      <PageHeader title={title} extra={extra?.(id)} />
      {bodyClassName ? <div className={bodyClassName}>{body}</div> : body}
    </section>
  );
}

/** The page of a create-or-edit route whose id parameter is named `param`. */
export function editFormPage<T>({
  param,
  ...props
}: Omit<EditFormPageProps<T>, 'param'> & { param: string }) {
  return function FormPage() {
    const params = useParams();
    return <EditFormPage<T> {...props} param={params[param]} />;
  };
}

/** Whether an upload field is busy, and the callback the field reports it through. */
export function useUploading(): [boolean, (busy: boolean) => void] {
  const [uploading, setUploading] = useState(false);
  const onBusyChange = useCallback((busy: boolean) => setUploading(busy), []);
  return [uploading, onBusyChange];
}

type Save<B, R> = {
  mutate: (body: B, options: { onSuccess: (data: R) => void; onError: (err: unknown) => void }) => void;
};

/**
 * Sends a form's body: on success toasts `message` and goes to `to` (which may depend on the answer); on
 * failure shows the server's message and puts its per-field messages on the form (`aliases` as
 * showFormError).
 */
export function useSaveAndLeave<B, R>(
  form: FormInstance,
  save: Save<B, R>,
  done: { message: string; to: string | ((data: R) => string); aliases?: Record<string, string> },
): (body: B) => void {
  const navigate = useNavigate();
  return (body) =>
    save.mutate(body, {
      onSuccess: (data) => {
        toastSuccess(done.message);
        navigate(typeof done.to === 'string' ? done.to : done.to(data));
      },
      onError: (err) => showFormError(form, err, done.aliases),
    });
}

/** The submit and Cancel buttons of a form page; while an upload runs, saving waits and says so. */
export function SaveBar({
  label,
  saving,
  disabled,
  uploading = false,
  onCancel,
  waitText = 'Saving is possible once the uploads have finished.',
}: {
  label: string;
  saving: boolean;
  /** Left out, the button follows the form's own disabled state. */
  disabled?: boolean;
  uploading?: boolean;
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
