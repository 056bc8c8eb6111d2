/** User types (spec section 3): 1 and 2 platform, 3 and 4 project users. */
export const USER_TYPES = [1, 2, 3, 4] as const;

/** The operator's tenant: its platform users administer every tenant (the server's rule, for display). */
export const OPERATOR_TENANT_ID = 1;
