// The goods record kind: the goods calls the goods picker shares (components/widgets/goods-api.ts) and where the
// catalogue screens are.
import { recordKind, recordPaths } from '../../../components/business/record-screens';
import { GOODS } from '../../../components/widgets/goods-api';

export const GOODS_RECORDS = recordKind({ ...GOODS, paths: recordPaths('/goods/catalogue'), write: 'goods:write', audit: 'goods' });
