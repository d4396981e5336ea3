/**
 * The facade: the only package that imports @chakra-ui/react. It is shared as a module-federation
 * singleton, so host and remotes render with one Chakra instance and one system, while the first
 * page ships only what is re-exported here (overlays live in `shared-ui/overlays`, loaded later).
 * Rule: this file only ever GAINS exports, and a new export ships in the host before a remote uses it.
 */
export {
  AbsoluteCenter,
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Checkbox,
  chakra,
  CloseButton,
  Code,
  Container,
  Field,
  Fieldset,
  Flex,
  Grid,
  GridItem,
  Group,
  Heading,
  HStack,
  Icon,
  IconButton,
  Image,
  Input,
  InputGroup,
  Link,
  List,
  NativeSelect,
  Portal,
  Separator,
  SimpleGrid,
  Skeleton,
  SkeletonText,
  Spacer,
  Spinner,
  Stack,
  Stat,
  Text,
  Textarea,
  VisuallyHidden,
  VStack,
  useLocaleContext,
} from '@chakra-ui/react';
export type { BoxProps, ButtonProps, FlexProps, StackProps, TextProps, HTMLChakraProps } from '@chakra-ui/react';
export { system, PRIMARY_COLOR } from './system';
export { UiProvider, UiProviderWithoutToasts } from './provider';
export { toaster, notifier, Toaster, TOAST_DURATION_MS, toastErrorNotice } from './toaster';
export { useColorMode, useColorModeValue, getColorMode, setColorMode, toggleColorMode, THEME_STORAGE_KEY } from './color-mode';
export type { ColorMode } from './color-mode';
export { StatePanel, LoaderOverlay, RetryButton } from './chrome/states';
export { PageHeader } from './chrome/page';
export { FormField } from './chrome/form-field';
export { SelectField } from './chrome/select-field';
export type { SelectFieldProps, SelectOption } from './chrome/select-field';
export { useMessageText } from './chrome/message-text';
export { applyServerFieldErrors, reportFormError, withFormMessages } from './chrome/form-errors';
export { useDialogForm } from './chrome/use-dialog-form';
export type { DialogFormOptions } from './chrome/use-dialog-form';
export { useConfirmedAction } from './chrome/use-confirmed-action';
export { useContractForm } from './chrome/use-contract-form';
export type { ContractFormOptions } from './chrome/use-contract-form';
