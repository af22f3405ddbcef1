// The dashboard's charts: this module (and @mui/x-charts) is its own chunk, loaded by the dashboard
// after its figures (ChartsGrid.tsx, React.lazy): the charts never weigh on the back-office's first load.
export { MigrationsPerDayChart } from './charts/MigrationsPerDayChart'
export { RevenueByCurrencyChart } from './charts/RevenueByCurrencyChart'
export { StatusChart } from './charts/StatusChart'
