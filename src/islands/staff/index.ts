/** The parts every staff screen is built from (docs/staff-screens.md). */
export { ConfirmDialog, type ConfirmDialogProps } from './ConfirmDialog';
export { NoteDecisionDialog, type NoteDecisionDialogProps } from './NoteDecisionDialog';
export { PaymentDecisionDialog, type PaymentDecision } from './PaymentDecisionDialog';
export { CsvDownloadButton, attachmentName, type CsvDownloadButtonProps } from './CsvDownloadButton';
export { DataTable, type DataTableProps, type TableQuery } from './DataTable';
export { FormDialog, type FormDialogProps } from './FormDialog';
export { ChapterFilter, ChoiceFilter, DateFilter, SearchFilter, SelectFilter } from './filters';
export { ListToolbar, type ListToolbarProps } from './ListToolbar';
export {
  FormCheckbox,
  FormProblem,
  FormSelectField,
  FormTextField,
  SERVER_ERROR,
  applyServerErrors,
  useZodForm,
} from './form';
export { FormCard, type FormCardProps } from './FormCard';
export { Pager, pageCount, type PagerProps } from './Pager';
export { useDismiss, type DismissOptions } from './useDismiss';
export { useRemoval, type Removal } from './useRemoval';
export { useListQuery, type ListQuery } from './useListQuery';
export { useServerList, type ServerList } from './useServerList';
export { useServerSubmit, type ServerSubmit } from './useServerSubmit';
export { FormProvider } from 'react-hook-form';
export type { ColumnDef } from '@tanstack/react-table';
