import { Pill, PillsInput, type PillsInputProps } from '@mantine/core';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';

export interface RecipientTagInputProps extends Omit<PillsInputProps, 'value' | 'defaultValue' | 'onChange'> {
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
}

/**
 * Spec §5: Enter or leaving the box adds the typed text as a tag (empty text is ignored);
 * Backspace in an empty box removes the last tag. Recipients are e-mail addresses, so
 * duplicates are detected case-insensitively.
 */
export function RecipientTagInput({ value, onChange, placeholder, disabled, ...rest }: RecipientTagInputProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');

  const commit = () => {
    const tag = text.trim();
    setText('');
    if (!tag || value.some((v) => v.toLowerCase() === tag.toLowerCase())) return;
    onChange([...value, tag]);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault(); // never submit the surrounding form while typing recipients
      commit();
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <PillsInput disabled={disabled} {...rest}>
      <Pill.Group>
        {value.map((tag) => (
          <Pill
            key={tag}
            withRemoveButton={!disabled}
            onRemove={() => onChange(value.filter((v) => v !== tag))}
            // Mantine hides the remove button from keyboards and screen readers; we do not, so any
            // tag (not only the last) can be removed without a mouse.
            removeButtonProps={{ 'aria-label': t('tags.remove', { tag }), 'aria-hidden': false, tabIndex: 0 }}
          >
            {tag}
          </Pill>
        ))}
        <PillsInput.Field
          value={text}
          placeholder={placeholder}
          onChange={(event) => setText(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          onBlur={commit}
        />
      </Pill.Group>
    </PillsInput>
  );
}
