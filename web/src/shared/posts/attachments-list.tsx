// A post's attachments (PDFs and other files, product.md section 3) as download links with name and size.
import { FileOutlined, FilePdfOutlined } from '@ant-design/icons';
import type { FileInfo } from '@hearth/contract';
import { Typography } from 'antd';
import { fileLabel, formatBytes, isPdf } from './post-media';
import './post-section-title.css';
import './attachments-list.css';

export function AttachmentsList({ files }: { files: FileInfo[] }) {
  if (files.length === 0) return null;
  return (
    <section className="post-attachments" aria-labelledby="post-attachments-title">
      <Typography.Title level={2} className="post-section-title" id="post-attachments-title">
        Attachments
      </Typography.Title>
      <ul>
        {files.map((file) => (
          <li key={file.id}>
            {isPdf(file) ? <FilePdfOutlined aria-hidden /> : <FileOutlined aria-hidden />}
            <a href={file.sourceUrl} download={fileLabel(file)} target="_blank" rel="noopener noreferrer">
              {fileLabel(file)}
            </a>
            <Typography.Text type="secondary">{formatBytes(file.size)}</Typography.Text>
          </li>
        ))}
      </ul>
    </section>
  );
}
