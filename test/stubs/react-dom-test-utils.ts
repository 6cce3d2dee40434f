/**
 * `react-dom/test-utils` as @tarojs/test-utils-react uses it: its act-compat takes `act` from
 * there, and React 18.3's deprecated export prints a warning with a stack on every mount (about a
 * thousand lines of each `npm test` log, in front of the failure a reader is looking for).
 * React's own `act` is the function that export forwards to, without the warning.
 */
export { act } from 'react';
