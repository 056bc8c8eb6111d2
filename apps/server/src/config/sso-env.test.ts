import { describe, expect, it } from 'vitest';
import { loadSsoConfig } from './sso-env.js';

const FULL = {
  EMS_SSO_ISSUER: 'https://id.example.com/realms/plant',
  EMS_SSO_CLIENT_ID: 'ems',
  EMS_SSO_CLIENT_SECRET: 's3cret',
  EMS_SSO_REDIRECT_URI: 'https://ems.example.com/',
  EMS_SSO_TENANT_ID: '2',
  EMS_SSO_ROLE_ID: '7',
};

function load(env: Record<string, string>) {
  const problems: string[] = [];
  return { sso: loadSsoConfig(env, problems), problems };
}

describe('EMS_SSO_* (single sign-on settings, validated at start)', () => {
  it('is off without EMS_SSO_ISSUER, and says so when other EMS_SSO_* are set alone', () => {
    expect(load({})).toEqual({ sso: undefined, problems: [] });
    expect(load({ EMS_SSO_CLIENT_ID: 'ems' }).problems).toEqual(['EMS_SSO_CLIENT_ID set without EMS_SSO_ISSUER (single sign-on is on only with an issuer)']);
  });

  it('takes the defaults: scopes openid profile email, claim preferred_username, user type 4, no projects', () => {
    expect(load(FULL)).toEqual({
      problems: [],
      sso: {
        issuer: FULL.EMS_SSO_ISSUER,
        clientId: 'ems',
        clientSecret: 's3cret',
        redirectUri: 'https://ems.example.com/',
        scopes: 'openid profile email',
        claim: 'preferred_username',
        tenantId: 2,
        roleId: 7,
        userType: 4,
        projectIds: [],
      },
    });
    const custom = load({ ...FULL, EMS_SSO_SCOPES: 'profile email', EMS_SSO_CLAIM: 'email', EMS_SSO_USER_TYPE: '3', EMS_SSO_PROJECT_IDS: '3, 4,3' });
    expect(custom.sso).toMatchObject({ scopes: 'openid profile email', claim: 'email', userType: 3, projectIds: [3, 4] });
  });

  it('names every missing or bad value', () => {
    expect(load({ EMS_SSO_ISSUER: 'https://id.example.com' }).problems).toEqual([
      'EMS_SSO_CLIENT_ID is required when EMS_SSO_ISSUER is set',
      'EMS_SSO_CLIENT_SECRET is required when EMS_SSO_ISSUER is set (the app is a confidential client)',
      'EMS_SSO_REDIRECT_URI is required when EMS_SSO_ISSUER is set',
      'EMS_SSO_TENANT_ID is required when EMS_SSO_ISSUER is set',
      'EMS_SSO_ROLE_ID is required when EMS_SSO_ISSUER is set',
    ]);
    const bad = load({ ...FULL, EMS_SSO_ISSUER: 'http://id.example.com', EMS_SSO_REDIRECT_URI: 'https://ems.example.com/#/login', EMS_SSO_ROLE_ID: 'x', EMS_SSO_USER_TYPE: '5', EMS_SSO_PROJECT_IDS: '1,a', EMS_SSO_CLAIM: 'a b' });
    expect(bad.problems).toEqual([
      'EMS_SSO_ISSUER must be an https:// URL (http:// only for 127.0.0.1 or localhost) (got "http://id.example.com")',
      'EMS_SSO_REDIRECT_URI must not hold a fragment (#...) (got "https://ems.example.com/#/login")',
      'EMS_SSO_CLAIM must be a claim name such as preferred_username, email or sub (got "a b")',
      'EMS_SSO_ROLE_ID must be a positive whole number (got "x")',
      'EMS_SSO_USER_TYPE must be a user type from 1 to 4 (got "5")',
      'EMS_SSO_PROJECT_IDS must be project ids separated by commas (got "1,a")',
    ]);
    expect(load({ ...FULL, EMS_SSO_REDIRECT_URI: 'https://ems.example.com/?a=1' }).problems).toEqual(['EMS_SSO_REDIRECT_URI must be the app\'s address without a query (?...) (got "https://ems.example.com/?a=1")']);
    expect(load({ ...FULL, EMS_SSO_ISSUER: 'http://127.0.0.1:9000', EMS_SSO_REDIRECT_URI: 'http://localhost:8080/' }).problems).toEqual([]);
  });
});
