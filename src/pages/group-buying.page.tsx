export { default } from '../features/group-buy/group-buying-page';
