/**
 * NOTE(h5): imported by app.ts only. The app's modules are evaluated in one task and the app is
 * created, routed and mounted in the next: this module awaits a timer at its top level, so
 * webpack starts Taro's app entry only after the browser has had its turn (to paint, to answer a
 * tap). Without it, start-up is one task of ~50 ms on a fast desktop, four times that on a
 * mid-range phone, during which the page shell cannot respond.
 */
await new Promise<void>((resume) => setTimeout(resume, 0));

export {};
