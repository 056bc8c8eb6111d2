import { theme } from 'antd';
import { isLongMessage } from '@ems/domain';

/**
 * Content of a short message (spec section 5): text longer than 60 characters is shown in the
 * warning colour. Use as `message.info(<MessageText text={…} />)`.
 */
export function MessageText({ text }: { text: string }) {
  const { token } = theme.useToken();
  return <span style={isLongMessage(text) ? { color: token.colorWarning } : undefined}>{text}</span>;
}
