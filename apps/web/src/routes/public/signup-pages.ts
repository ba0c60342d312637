/**
 * Registration (three-step stepper) and invitation acceptance: a chunk of its own, which its routes load
 * (app/router.tsx), with the selects, the stepper and the checkboxes they need.
 */
// Shared parts (Popover, Input) before the inputs built on them.
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/CloseButton.css';
import '@mantine/core/styles/ActionIcon.css';
import '@mantine/core/styles/Input.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/PasswordInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Stepper.css';
import { registerAuthTexts } from './auth-texts';

registerAuthTexts();

export { AcceptInvitePage } from './accept-invite-page';
export { RegisterPage } from './register-page';
