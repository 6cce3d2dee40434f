/** Polls until the check stops throwing (2 s at most), for what a component draws after a reply. */
export async function eventually(check: () => void): Promise<void> {
  for (let i = 0; ; i += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (i >= 100) throw error;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
}
