// A value that follows another once it has stopped changing for `ms` (search boxes ask the server after the
// typing pauses, product.md section 9: 500 ms).
import { LIMITS } from '@hearth/contract';
import { useEffect, useState } from 'react';

export function useDebouncedValue<T>(value: T, ms: number = LIMITS.debounceMs): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
