// The static antd CSS split (vite-antd-css.ts): which components a file imports, which component a rule
// belongs to, and how antd.css is cut.
import { describe, expect, it } from 'vitest';
import { importedComponents, ownerOf, splitByOwner } from './vite-antd-css';

const KNOWN = ['input-number', 'btn', 'input', 'select'].sort((a, b) => b.length - a.length);

describe('antd static CSS', () => {
  it('reads the value imports from antd, not type imports or other packages', () => {
    const source = [
      "import { Button, Input as TextInput, type FormProps } from 'antd';",
      "import type { ThemeConfig } from 'antd';",
      "import { Select } from 'not-antd';",
    ].join('\n');
    expect(importedComponents(source)).toEqual(['Button', 'Input']);
  });

  it('gives a rule to the longest prefix of its first antd class, or to none', () => {
    expect(ownerOf('.ant-input-number-handler', KNOWN)).toBe('input-number');
    expect(ownerOf('.ant-input-group .ant-btn', KNOWN)).toBe('input');
    expect(ownerOf('.ant-btn', KNOWN)).toBe('btn');
    expect(ownerOf('.ant-btnx', KNOWN)).toBeNull();
    expect(ownerOf('.anticon svg', KNOWN)).toBeNull();
  });

  it('cuts rules and media queries per component, in a layer, without the bare link reset', () => {
    const parts = splitByOwner(
      [
        '.ant-btn{color:red}',
        '.ant-select{color:blue}',
        '@media (max-width:575px){.ant-btn{width:100%}.ant-select{width:50%}}',
        '@keyframes antZoomIn{from{opacity:0}}',
        'a{text-decoration:none}',
        'a:hover{color:red}',
        '.css-var-_R_0_{--ant-color-primary:#1677ff}',
        '.anticon{display:inline-flex}',
      ].join(''),
      KNOWN,
    );
    expect([...parts.keys()].sort()).toEqual(['_global', 'btn', 'select']);
    const btn = parts.get('btn') ?? '';
    expect(btn).toMatch(/^@layer antd \{/);
    expect(btn).toContain('.ant-btn{color:red}');
    expect(btn).toContain('@media (max-width:575px){.ant-btn{width:100%}}');
    expect(btn).not.toContain('ant-select');
    const global = parts.get('_global') ?? '';
    expect(global).toContain('@keyframes antZoomIn');
    expect(global).toContain('.anticon{display:inline-flex}');
    expect(global).not.toMatch(/(^|\})a[{:]/);
    expect(global).not.toContain('css-var-');
  });
});
