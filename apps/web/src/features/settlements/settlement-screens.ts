// Where the settlement screens are, who writes settlements, and their kind in the change history.
import { recordPaths, type RecordScreens } from '../../components/business/record-screens';

export const SETTLEMENT_SCREENS: RecordScreens = { paths: recordPaths('/funds/settlement'), write: 'funds:write', audit: 'settlement' };
