/** What the configuration list gives its create/edit dialog. */
export interface ConfigDialogProps<T> {
  open: boolean;
  projectId: number;
  /** null: a new one */
  record: T | null;
  onClose: () => void;
  onSaved: () => void;
}
