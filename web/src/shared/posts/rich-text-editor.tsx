// The post body editor (tiptap): bold, italic, headings, lists, blockquote and links, as an antd Form
// control whose value is HTML ('' when empty). The server sanitises what is sent; the reader's browser
// sanitises again on display.
import {
  BoldOutlined,
  ItalicOutlined,
  LinkOutlined,
  OrderedListOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Divider, Flex, Input, Popover, Tooltip } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import './rich-text-editor.css';

type Props = {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  'aria-invalid'?: boolean;
  label?: string;
  placeholder?: string;
};

function toValue(editor: Editor): string {
  return editor.isEmpty ? '' : editor.getHTML();
}

/** http(s), mailto and site-relative links only; a bare host gets https://. */
export function normaliseLink(raw: string): string | null {
  const text = raw.trim();
  if (!text) return null;
  if (/^(https?:|mailto:)/i.test(text) || text.startsWith('/')) return text;
  if (/^[a-z][a-z\d+.-]*:/i.test(text)) return null;
  return `https://${text}`;
}

function ToolButton(props: {
  label: string;
  active?: boolean;
  onClick: () => void;
  icon?: ReactNode;
  text?: string;
  disabled?: boolean;
}) {
  return (
    <Tooltip title={props.label} mouseEnterDelay={0.6}>
      <Button
        type={props.active ? 'primary' : 'text'}
        ghost={props.active}
        size="small"
        aria-label={props.label}
        aria-pressed={props.active}
        icon={props.icon}
        disabled={props.disabled}
        onMouseDown={(e) => e.preventDefault()}
        onClick={props.onClick}
      >
        {props.text}
      </Button>
    </Tooltip>
  );
}

function LinkButton({ editor, active }: { editor: Editor; active: boolean }) {
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState('');
  const [error, setError] = useState(false);

  const onOpenChange = (next: boolean) => {
    if (next) {
      setUrl((editor.getAttributes('link').href as string | undefined) ?? '');
      setError(false);
    }
    setOpen(next);
  };
  const apply = () => {
    const href = normaliseLink(url);
    const chain = editor.chain().focus().extendMarkRange('link');
    if (url.trim() === '') {
      chain.unsetLink().run();
      setOpen(false);
      return;
    }
    if (!href) {
      setError(true);
      return;
    }
    chain.setLink({ href }).run();
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={onOpenChange}
      trigger="click"
      title="Link"
      content={
        <Flex vertical gap={8} style={{ width: 260 }}>
          <Input
            autoFocus
            aria-label="Link address"
            placeholder="https://example.com"
            value={url}
            status={error ? 'error' : undefined}
            onChange={(e) => {
              setUrl(e.target.value);
              setError(false);
            }}
            onPressEnter={(e) => {
              e.preventDefault();
              apply();
            }}
          />
          {error && <span className="rte-link-error">Use an http(s) or mailto address.</span>}
          <Flex gap={8} justify="flex-end">
            {active && (
              <Button
                size="small"
                onClick={() => {
                  editor.chain().focus().extendMarkRange('link').unsetLink().run();
                  setOpen(false);
                }}
              >
                Remove link
              </Button>
            )}
            <Button size="small" type="primary" onClick={apply}>
              Apply
            </Button>
          </Flex>
        </Flex>
      }
    >
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        aria-label="Link"
        aria-pressed={active}
        aria-haspopup="dialog"
        icon={<LinkOutlined aria-hidden />}
        onMouseDown={(e) => e.preventDefault()}
      />
    </Popover>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      h2: e.isActive('heading', { level: 2 }),
      h3: e.isActive('heading', { level: 3 }),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      quote: e.isActive('blockquote'),
      link: e.isActive('link'),
    }),
  });
  const run = (fn: (chain: ReturnType<Editor['chain']>) => ReturnType<Editor['chain']>) => () =>
    fn(editor.chain().focus()).run();
  return (
    <div className="rte-toolbar" role="toolbar" aria-label="Formatting">
      <ToolButton
        label="Bold"
        active={state.bold}
        icon={<BoldOutlined aria-hidden />}
        onClick={run((c) => c.toggleBold())}
      />
      <ToolButton
        label="Italic"
        active={state.italic}
        icon={<ItalicOutlined aria-hidden />}
        onClick={run((c) => c.toggleItalic())}
      />
      <Divider orientation="vertical" />
      <ToolButton
        label="H2 heading"
        text="H2"
        active={state.h2}
        onClick={run((c) => c.toggleHeading({ level: 2 }))}
      />
      <ToolButton
        label="H3 subheading"
        text="H3"
        active={state.h3}
        onClick={run((c) => c.toggleHeading({ level: 3 }))}
      />
      <Divider orientation="vertical" />
      <ToolButton
        label="Bulleted list"
        active={state.bullet}
        icon={<UnorderedListOutlined aria-hidden />}
        onClick={run((c) => c.toggleBulletList())}
      />
      <ToolButton
        label="Numbered list"
        active={state.ordered}
        icon={<OrderedListOutlined aria-hidden />}
        onClick={run((c) => c.toggleOrderedList())}
      />
      <ToolButton label="Quote" text="“ ”" active={state.quote} onClick={run((c) => c.toggleBlockquote())} />
      <Divider orientation="vertical" />
      <LinkButton editor={editor} active={state.link} />
    </div>
  );
}

export function RichTextEditor({ id, value, onChange, label = 'Description', ...rest }: Props) {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        code: false,
        codeBlock: false,
        horizontalRule: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          protocols: ['http', 'https', 'mailto'],
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
        },
      }),
    ],
    content: value ?? '',
    editorProps: {
      attributes: {
        ...(id ? { id } : {}),
        class: 'rte-content',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': label,
      },
    },
    onUpdate: ({ editor: e }) => onChange?.(toValue(e)),
  });

  // The form may set the value from outside (loading a post to edit): follow it.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    if ((value ?? '') !== toValue(editor)) editor.commands.setContent(value ?? '', { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className={`rte${rest['aria-invalid'] ? ' rte-invalid' : ''}`}>
      <Toolbar editor={editor} />
      <EditorContent editor={editor} />
    </div>
  );
}
