/** A name as an ID card prints it: 2-20 Han characters, parts joined by a middle dot. */
const NAME_PATTERN =
  /^[\u3400-\u4dbf\u4e00-\u9fff][\u3400-\u4dbf\u4e00-\u9fff·•]*[\u3400-\u4dbf\u4e00-\u9fff]$/;

export function isRealName(value: string): boolean {
  return value.length >= 2 && value.length <= 20 && NAME_PATTERN.test(value);
}
