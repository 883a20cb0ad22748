/** Where a picker stands: the create screen (/automation/create) or a node editor in the builder's side panel. */
export type PickerVariant = 'automation' | 'node-editor';

type PickerClasses = {
  picker: string;
  options: string;
  /** A list option; `${option}--selected` when chosen. */
  option: string;
  /** An email option; `${email}--selected` when chosen. */
  email: string;
  /** The radio input (the create screen hides it visually). */
  input: string | undefined;
  /** A list option's name. */
  name: string | undefined;
  muted: string;
  /** How the loading and error states speak of the options ("Loading your lists…", "Loading the lists…"). */
  determiner: 'your' | 'the';
};

/** The class sets of the two pickers (automation.css on the create screen, builder.css in the side panel). */
export const PICKER_CLASSES: Record<PickerVariant, PickerClasses> = {
  automation: {
    picker: 'automation-picker',
    options: 'automation-options',
    option: 'automation-option',
    email: 'automation-email',
    input: 'automation-option__input',
    name: 'automation-option__name',
    muted: 'automation-muted',
    determiner: 'your',
  },
  'node-editor': {
    picker: 'node-editor__picker',
    options: 'node-editor__options',
    option: 'node-editor__option',
    email: 'node-editor__email',
    input: undefined,
    name: undefined,
    muted: 'node-editor__muted',
    determiner: 'the',
  },
};
