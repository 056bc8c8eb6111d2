import { StarFilled, StarOutlined } from '@ant-design/icons';
import { App, Button, Empty, List, Popover, Tooltip, theme } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { create } from 'zustand';
import { getFavourites, setFavourites, type Favourite } from '../../lib/storage';
import { pathLabel } from '../frame-breadcrumb';
import { useFrameModel } from '../frame-model';

const useFavourites = create<{ list: Favourite[] }>(() => ({ list: getFavourites() }));

function save(list: Favourite[]): void {
  setFavourites(list);
  useFavourites.setState({ list });
}

/**
 * The star on the current page: inactive to active adds {label, location} with 'favourite
 * succeeded'; active to inactive asks 'confirm cancel favourite' and removes it on confirmation.
 */
export function FavouriteStar() {
  const { t } = useTranslation('frame');
  const { message, modal } = App.useApp();
  const { token } = theme.useToken();
  const { pathname } = useLocation();
  const route = useFrameModel().findRoute(pathname);
  const list = useFavourites((s) => s.list);
  if (!route) return null;
  const active = list.some((f) => f.location === pathname);
  const toggle = () => {
    if (!active) {
      save([...list, { label: pathLabel(route), location: pathname }]);
      void message.success(t('favourites.succeeded'));
      return;
    }
    modal.confirm({
      title: t('favourites.confirmCancel'),
      okText: t('common:ok'),
      cancelText: t('common:cancel'),
      onOk: () => {
        save(useFavourites.getState().list.filter((f) => f.location !== pathname));
        void message.info(t('favourites.cancelled'));
      },
    });
  };
  return (
    <Tooltip title={active ? t('favourites.remove') : t('favourites.add')}>
      <Button
        type="text"
        size="small"
        data-testid="favourite-star"
        data-active={active ? 'true' : 'false'}
        aria-pressed={active}
        aria-label={active ? t('favourites.remove') : t('favourites.add')}
        icon={active ? <StarFilled style={{ color: token.colorWarning }} /> : <StarOutlined />}
        onClick={toggle}
      />
    </Tooltip>
  );
}

/** Header popover listing the favourites; a click opens the page. */
export function FavouritesPopover() {
  const { t } = useTranslation('frame');
  const navigate = useNavigate();
  const list = useFavourites((s) => s.list);
  const content = (
    <div data-testid="favourites-popover" style={{ width: 260 }}>
      {list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('favourites.empty')} />
      ) : (
        <List
          size="small"
          dataSource={list}
          renderItem={(f) => (
            <List.Item>
              <a data-testid="favourite-link" data-location={f.location} onClick={() => navigate(f.location)}>
                {f.label}
              </a>
            </List.Item>
          )}
        />
      )}
    </div>
  );
  return (
    <Popover trigger="click" title={t('favourites.title')} content={content} placement="bottomRight">
      <Button type="text" data-testid="favourites-button" aria-label={t('header.favourites')} icon={<StarOutlined />} />
    </Popover>
  );
}
