export { default } from '../features/group-buy/my-groups-page';
