/**
 * NOTE(h5): imported by the page frame, so by every page. A page's chunk is evaluated in one task
 * and Taro mounts and first renders the page in the next: this module awaits a timer at its top
 * level, so the page modules that import it (through the frame), and Taro's mount after them,
 * wait for the browser's next turn. Without it the chunk's evaluation and the page's first render
 * were one task, the longest of a page's start (~100 ms on this machine at 1x in a busy phase,
 * four times that on a mid-range phone).
 *
 * A module is evaluated once: the first page opened gets the break, later pages open in one task.
 */
await new Promise<void>((resume) => setTimeout(resume, 0));

export {};
