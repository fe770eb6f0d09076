// The route components of the contract screens, one set per contract type (the route table takes a
// component without props, and a kept-alive tab must not read its type from the current location).
import type { ComponentType } from 'react';
import { CONTRACT_KIND_SLUGS, type ContractKind } from '../contract-kinds';
import { ContractDetailPage } from './contract-detail-page';
import { ContractCreatePage, ContractEditPage } from './contract-form-page';
import { ContractListPage } from './contract-list-page';

export type ContractPageSet = { List: ComponentType; Add: ComponentType; Edit: ComponentType; Detail: ComponentType };

function pagesFor(kind: ContractKind): ContractPageSet {
  const List = () => <ContractListPage kind={kind} />;
  const Add = () => <ContractCreatePage kind={kind} />;
  const Edit = () => <ContractEditPage kind={kind} />;
  const Detail = () => <ContractDetailPage kind={kind} />;
  return { List, Add, Edit, Detail };
}

export const contractPages = Object.fromEntries(CONTRACT_KIND_SLUGS.map((k) => [k, pagesFor(k)])) as Record<ContractKind, ContractPageSet>;
