import { act, renderHook } from '@testing-library/react';
import { INTERFACE_TOGGLE_DEFAULTS, useInterfaceToggle } from './interface-toggles';

it('starts with the default toggles: only the sub-sidebar open', () => {
  expect(INTERFACE_TOGGLE_DEFAULTS).toEqual({ crudForm: false, subSidebar: true, postsTourPanel: false, tourEditor: false });
});

it('is one state for every reader: a toggle flipped in one place shows in another', () => {
  const a = renderHook(() => useInterfaceToggle('crudForm'));
  const b = renderHook(() => useInterfaceToggle('crudForm'));
  const other = renderHook(() => useInterfaceToggle('subSidebar'));
  act(() => a.result.current[2]());
  expect(b.result.current[0]).toBe(true);
  expect(other.result.current[0]).toBe(true);
  act(() => b.result.current[1](false));
  expect(a.result.current[0]).toBe(false);
});
