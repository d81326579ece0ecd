// The banner of a post (product.md section 2): images, video (poster = its thumbnail) and audio, in a
// carousel when there are several. Slides off screen are inert, and leaving a slide pauses its player.
import { SoundOutlined } from '@ant-design/icons';
import type { FileInfo } from '@hearth/contract';
import { Carousel } from 'antd';
import { useRef, useState } from 'react';
import { BANNER_SIZES, fileLabel, imageSrcSet, isAudio } from './post-media';
import './media-carousel.css';

function Media({ file, title }: { file: FileInfo; title: string }) {
  if (file.resourceType === 'image') {
    const srcSet = imageSrcSet(file);
    return (
      <img
        className="media-item"
        src={file.sourceUrl}
        srcSet={srcSet}
        sizes={srcSet ? BANNER_SIZES : undefined}
        width={file.width ?? undefined}
        height={file.height ?? undefined}
        alt={`${title}: ${fileLabel(file)}`}
      />
    );
  }
  if (isAudio(file)) {
    return (
      <div className="media-item media-audio">
        <SoundOutlined aria-hidden className="media-audio-icon" />
        <span className="media-audio-name">{fileLabel(file)}</span>
        {/* biome-ignore lint/a11y/useMediaCaption: staff uploads carry no caption track. */}
        <audio controls preload="metadata" src={file.sourceUrl} aria-label={fileLabel(file)} />
      </div>
    );
  }
  return (
    // biome-ignore lint/a11y/useMediaCaption: staff uploads carry no caption track.
    <video
      className="media-item"
      controls
      preload="metadata"
      playsInline
      poster={file.thumbnailUrl ?? undefined}
      aria-label={fileLabel(file)}
    >
      <source src={file.sourceUrl} type={file.mimeType} />
    </video>
  );
}

export function MediaCarousel({ files, title }: { files: FileInfo[]; title: string }) {
  const [current, setCurrent] = useState(0);
  const root = useRef<HTMLDivElement>(null);
  if (files.length === 0) return null;
  const first = files[0];
  if (files.length === 1 && first) {
    return (
      <div className="media-banner">
        <Media file={first} title={title} />
      </div>
    );
  }
  const pauseAll = () => {
    for (const el of root.current?.querySelectorAll('video, audio') ?? []) (el as HTMLMediaElement).pause();
  };
  return (
    <section className="media-banner" ref={root} aria-roledescription="carousel" aria-label="Post media">
      <Carousel
        arrows
        infinite={false}
        dots
        beforeChange={(_from, to) => {
          pauseAll();
          setCurrent(to);
        }}
      >
        {files.map((file, index) => (
          <div key={file.id}>
            <div className="media-slide" inert={index !== current}>
              <Media file={file} title={title} />
            </div>
          </div>
        ))}
      </Carousel>
    </section>
  );
}
