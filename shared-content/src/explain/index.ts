export { CheckVisitorPanel } from './CheckVisitorPanel';
