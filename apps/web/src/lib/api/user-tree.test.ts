import { describe, expect, it } from 'vitest';
import { userTreeUrl } from './user-tree';

describe('user tree call (spec section 7)', () => {
  it('reads /auth/v1/usergroup/{rootUserGroupID} when the configuration key is oil, the cloud tree otherwise', () => {
    expect(userTreeUrl('oil', 12)).toBe('/auth/v1/usergroup/12');
    expect(userTreeUrl('', 12)).toBe('/eem-service/v1/auth/cloud/user/tree/12');
    expect(userTreeUrl('cloud', 3)).toBe('/eem-service/v1/auth/cloud/user/tree/3');
  });
});
