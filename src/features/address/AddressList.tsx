import { Text, View } from '@tarojs/components';
import { useCallback, useRef } from 'react';
import { PagedList, usePagedList } from '../../components/paged-list';
import type { PageBodyProps } from '../../components/page-frame';
import { registerMessages, useTranslation } from '../../i18n';
import { accountMessages } from '@contract/i18n/zh-Hans/account';
import { deleteAddress, fetchAddresses, updateAddress, type Address } from '../../api/address';
import { usePageShow } from '../../platform/page-route';
import { confirmAction, showMessage, showToast } from '../../platform/ui';
import { useAddressChoice } from '../../stores/address-choice';
import { useBrandStore } from '../../stores/brand';
import { useRequireLogin } from '../../stores/require-login';
import { maskMobile } from '../../utils';
import './address.scss';
import { goBackOr } from '../../platform/navigation';
import { openPage } from '../../platform/open-page';

registerMessages(accountMessages);

const FORM_PAGE = '/pages/shipToAddress/shipToAddress';

/**
 * The user's addresses, default first (the server's order). `?mode=choose` (from the
 * confirm-order page): tapping an address hands it over through `stores/address-choice` and
 * goes back.
 */
export function AddressList(props: PageBodyProps) {
  return useRequireLogin(props.route, props.params) ? <Addresses {...props} /> : null;
}

function Addresses({ params }: PageBodyProps) {
  const { t } = useTranslation();
  const choosing = params.mode === 'choose';
  const choose = useAddressChoice((state) => state.choose);
  // The server returns the whole list (at most 20): one "page" holds it all.
  const fetchPage = useCallback(async () => {
    const reply = await fetchAddresses();
    const list = reply.data ?? [];
    return {
      ...reply,
      data:
        reply.code === 200 ? { list, total: list.length, pageNum: 1, pageSize: list.length } : null,
    };
  }, []);
  const list = usePagedList<Address>({ fetchPage, pageSize: 50 });

  // Back from the form: show what was saved.
  const shown = useRef(false);
  usePageShow(() => {
    if (shown.current) void list.refresh();
    shown.current = true;
  });

  const remove = async (address: Address) => {
    const sure = await confirmAction(t('account.address.deleteConfirm'), {
      confirm: t('dialog.delete'),
      cancel: t('common.cancel'),
      confirmColor: useBrandStore.getState().brand.themeColor,
    });
    if (!sure) return;
    const reply = await deleteAddress(address.id);
    if (reply.code !== 200) {
      void showMessage(reply.msg);
      return;
    }
    void showToast(t('account.address.deleted'));
    await list.refresh();
  };

  const makeDefault = async (address: Address) => {
    const { id, name, mobile, province, city, district, detail } = address;
    const reply = await updateAddress({
      id,
      name,
      mobile,
      province,
      city,
      district,
      detail,
      isDefault: true,
    });
    if (reply.code !== 200) {
      void showMessage(reply.msg);
      return;
    }
    await list.refresh();
  };

  const pick = (address: Address) => {
    if (!choosing) return;
    choose(address);
    void goBackOr('/pages/home/home');
  };

  return (
    <View className="address-list">
      {choosing && <Text className="address-list__hint">{t('account.address.chooseHint')}</Text>}
      <PagedList
        list={list}
        layout="rows"
        uniformItems={false}
        keyOf={(address) => address.id}
        empty={{ title: t('account.address.empty') }}
        renderItem={(address) => (
          <View className="address-card">
            <View
              className="address-card__main"
              role={choosing ? 'button' : undefined}
              onClick={() => pick(address)}
            >
              <View className="address-card__who">
                <Text className="address-card__name">{address.name}</Text>
                <Text className="address-card__mobile">{maskMobile(address.mobile)}</Text>
                {address.isDefault && (
                  <Text className="address-card__default">{t('account.address.default')}</Text>
                )}
              </View>
              <Text className="address-card__where">
                {address.province} {address.city} {address.district} {address.detail}
              </Text>
            </View>
            <View className="address-card__actions">
              {!address.isDefault && (
                <View
                  className="address-card__action"
                  role="button"
                  onClick={() => void makeDefault(address)}
                >
                  <Text>{t('account.address.setDefault')}</Text>
                </View>
              )}
              <View
                className="address-card__action"
                role="button"
                onClick={() => void openPage(`${FORM_PAGE}?id=${address.id}`)}
              >
                <Text>{t('account.address.edit')}</Text>
              </View>
              <View
                className="address-card__action address-card__action--danger"
                role="button"
                onClick={() => void remove(address)}
              >
                <Text>{t('account.address.delete')}</Text>
              </View>
            </View>
          </View>
        )}
      />
      <View className="address-list__bar">
        <View className="address-list__add" role="button" onClick={() => void openPage(FORM_PAGE)}>
          <Text>{t('account.address.add')}</Text>
        </View>
      </View>
    </View>
  );
}
