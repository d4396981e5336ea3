/**
 * Overlays and heavier widgets, kept out of the first page's bytes: the sign-in page never loads
 * this module; the main layout and the screens do. Shared as its own singleton.
 */
export { Combobox, Dialog, Drawer, Menu, Popover, Select, Switch, Table, Tabs, Tooltip, Pagination, createListCollection } from '@chakra-ui/react';
export { ConfirmDialog, type ConfirmDialogProps } from './dialogs/ConfirmDialog';
export { FormDialog, type FormDialogProps } from './dialogs/FormDialog';
export { UnsavedChangesGuard, type UnsavedChangesGuardProps } from './dialogs/UnsavedChangesGuard';
