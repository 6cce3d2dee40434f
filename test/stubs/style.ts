// Style imports are irrelevant to behaviour under jsdom.
export default {};
