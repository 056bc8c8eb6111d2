import SparkMD5 from 'spark-md5';

/**
 * Login wire format (contract auth.ts): md5hex("ems" + timestamps + md5hex(plainPassword)),
 * lower-case hex; `timestamps` is the client's clock in ms (or the server's, after a clock-skew
 * refusal).
 */
export function hashLoginPassword(plain: string, timestamps: number): string {
  return SparkMD5.hash(`ems${timestamps}${SparkMD5.hash(plain)}`);
}
