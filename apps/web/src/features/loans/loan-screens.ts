// Where the loan-application screens are, who writes applications, and their kind in the change history.
import { recordPaths, type RecordScreens } from '../../components/business/record-screens';

export const LOAN_SCREENS: RecordScreens = { paths: recordPaths('/funds/loans'), write: 'funds:write', audit: 'loan' };
