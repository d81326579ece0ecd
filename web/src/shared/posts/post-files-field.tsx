// The upload area of the post form (product.md sections 4 and 5): pick or drop files, each uploads at once
// with its own progress bar (0-90 while sending, 100 when stored, exception with the server's message on
// failure). Sizes are checked first; at most 8 files, and the Upload button goes away at 8. The form value
// is the list of stored files; the form sends their ids.
import {
  DeleteOutlined,
  FileOutlined,
  InboxOutlined,
  SoundOutlined,
  UploadOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';
import { type FileInfo, LIMITS, MSG } from '@hearth/contract';
import { Button, Flex, Progress, Typography } from 'antd';
import { type DragEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { errorText, toastError, toastSuccess } from '../../lib/notify';
import { fileLabel, formatBytes, isAudio } from './post-media';
import { checkPostFile, uploadPostFile } from './upload';
import './post-files-field.css';

type Pending = {
  key: string;
  name: string;
  size: number;
  percent: number;
  status: 'active' | 'success' | 'exception';
  error?: string;
  /** Set once stored: the bar stays (at 100) beside the stored file. */
  fileId?: number;
  controller: AbortController;
};

type Props = {
  id?: string;
  value?: FileInfo[];
  onChange?: (files: FileInfo[]) => void;
  /** Tells the form whether uploads are still running (it waits for them before saving). */
  onBusyChange?: (busy: boolean) => void;
};

let seq = 0;

function FilePreview({ file }: { file: FileInfo }) {
  const src = file.resourceType === 'image' ? (file.thumbnailUrl ?? file.sourceUrl) : file.thumbnailUrl;
  if (src) return <img src={src} alt="" className="post-file-preview" />;
  return (
    <span className="post-file-preview post-file-icon" aria-hidden>
      {isAudio(file) ? (
        <SoundOutlined />
      ) : file.resourceType === 'video' ? (
        <VideoCameraOutlined />
      ) : (
        <FileOutlined />
      )}
    </span>
  );
}

export function PostFilesField({ id, value = [], onChange, onBusyChange }: Props) {
  const [pending, setPending] = useState<Pending[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  // Uploads finish after renders: read the latest stored list, not the one of the render that started them.
  const latest = useRef(value);
  latest.current = value;
  /** The choosing order of files uploaded here; files that came with the post keep their places first. */
  const picked = useRef(new Map<number, number>());

  const uploading = pending.some((p) => p.status === 'active');
  useEffect(() => onBusyChange?.(uploading), [uploading, onBusyChange]);
  const pendingRef = useRef(pending);
  pendingRef.current = pending;
  // Leaving the form cancels what is still uploading.
  useEffect(
    () => () => {
      for (const p of pendingRef.current) p.controller.abort();
    },
    [],
  );

  const waiting = pending.filter((p) => p.status !== 'success');
  const slotsUsed = value.length + pending.filter((p) => p.status === 'active').length;
  const full = slotsUsed >= LIMITS.maxFilesPerPost;

  const patch = (key: string, change: Partial<Pending>) =>
    setPending((list) => list.map((p) => (p.key === key ? { ...p, ...change } : p)));

  const start = (file: File) => {
    const problem = checkPostFile(file);
    if (problem) {
      toastError(undefined, problem);
      return;
    }
    const order = ++seq;
    const key = `upload-${order}`;
    const controller = new AbortController();
    setPending((list) => [
      ...list,
      { key, name: file.name, size: file.size, percent: 0, status: 'active', controller },
    ]);
    uploadPostFile(file, { signal: controller.signal, onProgress: (percent) => patch(key, { percent }) })
      .then((result) => {
        const stored: FileInfo = result.file ?? {
          id: result.fileId,
          sourceUrl: result.payload.url,
          thumbnailUrl: null,
          width: null,
          height: null,
          variants: [],
          resourceType: file.type.startsWith('image/')
            ? 'image'
            : file.type.startsWith('video/')
              ? 'video'
              : 'raw',
          mimeType: file.type,
          originalName: file.name,
          size: file.size,
        };
        patch(key, { status: 'success', percent: 100, fileId: stored.id });
        // Files chosen together finish in any order: keep the order they were chosen in.
        picked.current.set(stored.id, order);
        const rank = (f: FileInfo) => picked.current.get(f.id) ?? -1;
        latest.current = [...latest.current, stored].sort((a, b) => rank(a) - rank(b));
        onChange?.(latest.current);
        toastSuccess(MSG.fileUploaded);
      })
      .catch((err: unknown) => {
        if (controller.signal.aborted) {
          setPending((list) => list.filter((p) => p.key !== key));
          return;
        }
        const message = errorText(err);
        patch(key, { status: 'exception', error: message });
        toastError(err);
      });
  };

  const addFiles = (files: FileList | File[] | null) => {
    const list = Array.from(files ?? []);
    if (list.length === 0) return;
    const room = LIMITS.maxFilesPerPost - slotsUsed;
    if (list.length > room) toastError(undefined, MSG.tooManyFiles);
    for (const file of list.slice(0, Math.max(0, room))) start(file);
  };

  const remove = (fileId: number) => {
    setPending((list) => list.filter((p) => p.fileId !== fileId));
    onChange?.(value.filter((f) => f.id !== fileId));
  };
  const dismiss = (p: Pending) => {
    p.controller.abort();
    setPending((list) => list.filter((x) => x.key !== p.key));
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (!full) addFiles(event.dataTransfer.files);
  };

  return (
    <div className="post-files" id={id}>
      <section
        aria-label="File upload"
        className={`post-files-drop${dragging ? ' is-dragging' : ''}${full ? ' is-full' : ''}`}
        onDragOver={(e) => {
          e.preventDefault();
          if (!full) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <InboxOutlined aria-hidden className="post-files-icon" />
        <Typography.Text type="secondary">
          {full
            ? `This post has ${LIMITS.maxFilesPerPost} files, the most it can have.`
            : 'Images, video and audio appear in the banner; PDFs and other files are listed as attachments. Up to 8 files: 10MB each, videos up to 500MB.'}
        </Typography.Text>
        {!full && (
          <>
            <Button icon={<UploadOutlined aria-hidden />} onClick={() => input.current?.click()}>
              Upload
            </Button>
            <input
              ref={input}
              type="file"
              multiple
              // Not the `hidden` attribute: antd's form styles set file inputs to display:block.
              style={{ display: 'none' }}
              aria-label="Files to upload"
              data-testid="post-file-input"
              onChange={(e) => {
                addFiles(e.target.files);
                e.target.value = '';
              }}
            />
          </>
        )}
      </section>

      {(waiting.length > 0 || value.length > 0) && (
        <ul className="post-files-list" aria-label="Attached files">
          {value.map((file) => {
            const done = pending.find((p) => p.fileId === file.id);
            return (
              <li key={file.id} className="post-file">
                <FileRow
                  icon={<FilePreview file={file} />}
                  name={
                    <a
                      href={file.sourceUrl}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="post-file-name"
                    >
                      {fileLabel(file)}
                    </a>
                  }
                  size={file.size}
                  removeLabel={`Remove ${fileLabel(file)}`}
                  onRemove={() => remove(file.id)}
                />
                {done && (
                  <Progress
                    percent={100}
                    status="success"
                    size="small"
                    aria-label={`Upload of ${done.name}`}
                    data-testid="upload-progress"
                  />
                )}
              </li>
            );
          })}
          {waiting.map((p) => (
            <li key={p.key} className="post-file">
              <FileRow
                icon={<FileOutlined aria-hidden />}
                name={<span className="post-file-name">{p.name}</span>}
                size={p.size}
                removeLabel={p.status === 'active' ? `Cancel upload of ${p.name}` : `Dismiss ${p.name}`}
                onRemove={() => dismiss(p)}
              />
              <Progress
                percent={p.percent}
                status={p.status}
                size="small"
                aria-label={`Upload of ${p.name}`}
                data-testid="upload-progress"
              />
              {p.error && (
                <Typography.Text type="danger" role="alert">
                  {p.error}
                </Typography.Text>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** One line of the list: an attached file or an upload under way, with its size and a remove button. */
function FileRow(props: {
  icon: ReactNode;
  name: ReactNode;
  size: number;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <Flex align="center" gap={8} className="post-file-row">
      {props.icon}
      {props.name}
      <Typography.Text type="secondary" className="post-file-size">
        {formatBytes(props.size)}
      </Typography.Text>
      <Button
        type="text"
        size="small"
        danger
        icon={<DeleteOutlined aria-hidden />}
        aria-label={props.removeLabel}
        onClick={props.onRemove}
      />
    </Flex>
  );
}
