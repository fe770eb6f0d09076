// Where the goods catalogue screens are, who writes goods, and their kind in the change history. The catalogue's
// calls are the goods picker's too (components/widgets/goods-api.ts).
import { recordPaths, type RecordScreens } from '../../components/business/record-screens';

export const GOODS_SCREENS: RecordScreens = { paths: recordPaths('/goods/catalogue'), write: 'goods:write', audit: 'goods' };
