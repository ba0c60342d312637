import { pickText } from '@bookla/shared/i18n';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useTeamLanguages } from '../../components/form/translated-fields';
import {
  RESOURCES,
  ProductFields,
  SetupList,
  SetupRecordForm,
  blankProduct,
  productBody,
  productToValues,
  useRecordId,
  moneyText,
} from '../../features/catalogue/setup';
import { productSchema, type ProductItem } from '@bookla/shared/catalogue-tickets';
import { useMemo } from 'react';
import { useLang } from '../../lib/language';
import { BackendNotFoundPage } from './backend-not-found-page';
import { PageFrame, RequirePermission } from './page-frame';

/** `/{lang}/backend/course/options`: the spec's options, labelled Products. */
export function ProductsPage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const name = (p: ProductItem) => p.name_text ?? pickText(p.name, lang);
  return (
    <RequirePermission name="nav.attributes">
      <PageFrame title={t('products.title')} intro={t('products.intro')}>
        <SetupList<ProductItem>
          resource={RESOURCES.products}
          create={{ label: t('products.create'), to: `/${lang}/backend/course/option/create` }}
          nameHeader={t('products.name')}
          name={name}
          editPath={(p) => `/${lang}/backend/course/option/${p.id}`}
          minWidth={720}
          columns={[
            { header: t('products.priceShort'), cell: (p) => moneyText(p.price, p.currency, lang) },
            { header: t('scope.label'), cell: (p) => t(`scope.${p.scope}`) },
            { header: t('products.stock'), cell: (p) => (p.stock === null ? t('products.unlimited') : p.stock) },
            {
              header: t('products.status'),
              cell: (p) => (
                <Badge variant="light" color={p.active ? 'green' : 'gray'} c="dark.7">
                  {p.active ? t('products.isActive') : t('products.inactive')}
                </Badge>
              ),
            },
          ]}
          empty={{ title: t('products.empty'), text: t('products.emptyText') }}
        />
      </PageFrame>
    </RequirePermission>
  );
}

/** `/{lang}/backend/course/option/{create|id}`. */
export function ProductPage() {
  const { t } = useTranslation('setup');
  const lang = useLang();
  const id = useRecordId();
  const languages = useTeamLanguages();
  const schema = useMemo(() => productSchema(languages), [languages]);
  if (id === undefined) return <BackendNotFoundPage />;
  const title = id === null ? t('products.new') : t('products.edit');
  return (
    <RequirePermission name="nav.attributes">
      <PageFrame title={title}>
        <SetupRecordForm
          key={id ?? 'create'}
          resource={RESOURCES.products}
          id={id}
          label={title}
          blank={blankProduct(languages)}
          toValues={(p) => productToValues(p, languages)}
          toBody={productBody}
          schema={schema}
          listPath={`/${lang}/backend/course/options`}
          name={(p) => p.name_text ?? pickText(p.name, lang)}
        >
          <ProductFields languages={languages} />
        </SetupRecordForm>
      </PageFrame>
    </RequirePermission>
  );
}
