import { memo } from 'react';
import { Checkbox, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { CUSTOMS, toggled } from '../role-draft';

/** Custom permissions (spec section 6) as a checkbox list. */
export const CustomPermissions = memo(function CustomPermissions({ value, onChange, disabled }: { value: ReadonlySet<number>; onChange: (auths: Set<number>) => void; disabled?: boolean }) {
  const { i18n } = useTranslation('admin-role');
  const english = i18n.language === 'en-US';
  return (
    <Row gutter={[8, 8]} data-testid="role-custom-permissions">
      {CUSTOMS.map((c) => (
        <Col key={c.id} xs={24} sm={12} lg={8} xxl={6}>
          <Checkbox checked={value.has(c.id)} disabled={disabled} data-testid={`custom-${c.key}`} onChange={(e) => onChange(toggled(value, [c.id], e.target.checked))}>
            {english ? c.en : c.zh}
          </Checkbox>
        </Col>
      ))}
    </Row>
  );
});
