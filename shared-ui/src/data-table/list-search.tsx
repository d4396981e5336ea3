import { useEffect, useRef, useState } from 'react';
import { Search } from 'lucide-react';
import { Box, Input, InputGroup } from '@chakra-ui/react';

/** The value, once it has stopped changing for `delay` ms. */
export function useDebouncedValue<T>(value: T, delay = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export interface ListSearchProps {
  /** The search as the list applies it (from the URL). */
  value: string;
  /** Called with the trimmed text once typing pauses (300 ms). */
  onSearch: (value: string) => void;
  label: string;
  placeholder?: string;
  testId?: string;
}

/**
 * The search box above a list. What is typed shows at once; the list follows once typing pauses.
 * When the applied value changes from outside (Back, a shared link), the box shows it.
 */
export function ListSearch({ value, onSearch, label, placeholder, testId }: ListSearchProps) {
  const [text, setText] = useState(value);
  const settled = useDebouncedValue(text.trim());
  const applied = useRef(value);
  useEffect(() => {
    // The URL moved (Back/Forward): show what it now says.
    if (value !== applied.current) {
      applied.current = value;
      setText(value);
    }
  }, [value]);
  useEffect(() => {
    if (settled === applied.current) return;
    applied.current = settled;
    onSearch(settled);
  }, [settled, onSearch]);
  return (
    <Box maxW="sm" mb="4">
      <InputGroup startElement={<Search size={16} aria-hidden />}>
        <Input type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder={placeholder} aria-label={label} data-testid={testId} />
      </InputGroup>
    </Box>
  );
}
