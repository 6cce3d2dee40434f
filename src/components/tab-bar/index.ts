export { TabBar } from './TabBar';
