import { RollbackOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { canReturnToPlatform, returnToPlatformTarget } from '@ems/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getSystemConfig } from '../../lib/config';
import { clearProject, setModule, useSession, userTypeOf } from '../../lib/session';
import { useFrameModel } from '../frame-model';

/**
 * 'Return to platform': shown only in platform mode, for users not of type 3 or 4, when the module
 * is not pf. Sets pf and goes to the configured platform home if the role has it, else
 * /projectnavigation.
 */
export function ReturnToPlatform() {
  const { t } = useTranslation('frame');
  const navigate = useNavigate();
  const module = useSession((s) => s.module);
  const user = useSession((s) => s.user);
  const { roleHas } = useFrameModel();
  const config = getSystemConfig();
  if (!canReturnToPlatform(config.isPlatformModel, userTypeOf(user), module)) return null;
  const onClick = () => {
    navigate(returnToPlatformTarget(config.pfHomePage, (p) => roleHas(p, 'pf')));
    clearProject();
    setModule('pf');
  };
  return (
    <Button type="link" data-testid="return-to-platform" icon={<RollbackOutlined />} onClick={onClick}>
      {t('header.returnToPlatform')}
    </Button>
  );
}
