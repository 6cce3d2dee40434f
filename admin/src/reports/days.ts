/** Today in Asia/Shanghai (the reports' days), YYYY-MM-DD. */
export const shanghaiToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
