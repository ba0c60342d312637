import { Badge, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ListTable } from '../../../../components/list-table';
import { useLang } from '../../../../lib/language';
import { describeCondition, fieldLabel } from './describe-condition';
import type { FieldItem } from '@bookla/shared/catalogue-setup';

/** Booking fields with type, scope, required and condition (read-only). */
export function FieldsTable({ fields, all }: { fields: FieldItem[]; all: readonly FieldItem[] }) {
  const { t } = useTranslation('setup');
  const lang = useLang();
  return (
    <ListTable
      minWidth={720}
      columns={[
        t('activityFields.label'),
        t('activityFields.type'),
        t('activityFields.scope'),
        t('activityFields.required'),
        t('activityFields.condition'),
      ]}
      actionsLabel={t('activityFields.actions')}
    >
      {fields.map((field) => (
        <Table.Tr key={field.id}>
          <Table.Td>
            <Text size="sm" fw={500}>
              {fieldLabel(field, lang)}
            </Text>
          </Table.Td>
          <Table.Td>{t(`fields.types.${field.type}`)}</Table.Td>
          <Table.Td>{t(`scope.${field.scope}`)}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={field.required ? 'blue' : 'gray'} c="dark.7">
              {field.required ? t('yes') : t('no')}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Text size="sm">{describeCondition(field, all, lang, t) ?? t('activityFields.always')}</Text>
          </Table.Td>
          <Table.Td />
        </Table.Tr>
      ))}
    </ListTable>
  );
}
