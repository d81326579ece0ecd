// Every page names itself in the browser tab (accessibility: the title announces the page).
import { useEffect } from 'react';
import { useConfig } from './config';

export function useDocumentTitle(title: string): void {
  const { brandName } = useConfig();
  useEffect(() => {
    document.title = title ? `${title} | ${brandName}` : brandName;
  }, [title, brandName]);
}
