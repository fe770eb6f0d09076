// The blockchain menu's screens: a certificate built here (real RFC 9162 proof, real Ed25519 signature through
// WebCrypto) verifies in the page, the file it certifies matches and a tampered one fails; the records page checks
// each checkpoint's signature and consistency proof itself and shows a forged one as failed; the lookup page sends
// only the file's SHA-256 and shows another enterprise's registration without a name.
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  CERTIFICATE_FORMAT,
  DOCUMENT_LOG_ORIGIN,
  DOCUMENT_LOG_PATHS,
  checkpointNote,
  consistencyProof,
  fromHex,
  inclusionProof,
  leafData,
  leafHash,
  sha256,
  toHex,
  treeHash,
  type Certificate,
} from '@tfb/contract';
import { mockApi } from '../../../test/mock-api';
import { renderWithProviders } from '../../../test/render';
import { signIn } from '../../../test/sign-in';
import { CertificateLookupPage } from '../components/certificate-lookup-page';
import { CertificatePage } from '../components/certificate-page';
import { RecordsPage } from '../components/records-page';

const encoder = new TextEncoder();
const FILE_TEXT = '仓单 SH-0457 热轧卷 1200 吨';
const fileSha = toHex(sha256(encoder.encode(FILE_TEXT)));
const others = ['a', 'b', 'c', 'd'].map((x) => toHex(sha256(encoder.encode(x))));
const times = [1_790_000_000_000, 1_790_000_001_000, 1_790_000_002_000, 1_790_000_003_000, 1_790_000_004_000];
// Leaf 1 is the certified file; the others are other documents.
const shas = [others[0]!, fileSha, others[1]!, others[2]!, others[3]!];
const leaves = shas.map((s, i) => leafHash(leafData(s, times[i]!)));

async function signer() {
  const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair;
  const publicKey = toHex(new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey)));
  const sign = async (size: number, root: string, ms: number) => {
    const sig = new Uint8Array(
      await crypto.subtle.sign({ name: 'Ed25519' }, pair.privateKey, encoder.encode(checkpointNote(size, root, ms))),
    );
    return btoa(String.fromCharCode(...sig));
  };
  return { publicKey, sign };
}

async function certificate(): Promise<Certificate> {
  const { publicKey, sign } = await signer();
  const root = toHex(treeHash(leaves));
  const ms = 1_790_000_010_000;
  return {
    format: CERTIFICATE_FORMAT,
    log: DOCUMENT_LOG_ORIGIN,
    entry: {
      index: 1,
      fileSha256: fileSha,
      registeredAtMs: times[1]!,
      registeredAt: new Date(times[1]!).toISOString(),
      leafHash: toHex(leaves[1]!),
    },
    checkpoint: { treeSize: 5, rootHash: root, timestampMs: ms, timestamp: new Date(ms).toISOString(), signature: await sign(5, root, ms) },
    inclusionProof: inclusionProof(1, leaves).map(toHex),
    publicKey,
  };
}

const dropFile = (label: string, content: string, name: string) => {
  const zone = screen.getByText(label).closest('.ant-upload')!;
  const input = zone.querySelector('input[type="file"]')!;
  fireEvent.change(input, { target: { files: [new File([content], name, { type: 'application/pdf' })] } });
};

describe('document certificates', () => {
  it('verifies a certificate in the browser, accepts its file and rejects a tampered one', async () => {
    signIn();
    const cert = await certificate();
    const api = mockApi({
      [DOCUMENT_LOG_PATHS.certificate]: () => ({
        certificate: cert,
        document: {
          fileId: 7,
          fileName: '仓单-沪-0457.pdf',
          sizeBytes: 42,
          uploadedBy: 'demo-a-staff',
          usedBy: [{ sourceType: 'contract', sourceId: 3, fileTypeName: '仓单' }],
        },
      }),
    });
    renderWithProviders(<CertificatePage />, { route: '/blockchain/certificates/detail?index=1' });
    expect(await screen.findByText('证书有效')).toBeInTheDocument();
    expect(api.callsTo(DOCUMENT_LOG_PATHS.certificate).map((c) => c.url.pathname)).toEqual(['/api/blockchain/certificates/1']);
    expect(screen.getByText('仓单-沪-0457.pdf')).toBeInTheDocument();
    expect(screen.getByText('合同 3 · 仓单')).toBeInTheDocument();

    dropFile('点击或拖入文件，与本证书核对', FILE_TEXT, '仓单.pdf');
    await waitFor(() => expect(screen.getByTestId('file-check')).toHaveTextContent('文件“仓单.pdf”与证书一致，验证通过'));

    dropFile('点击或拖入文件，与本证书核对', `${FILE_TEXT} `, '仓单-改.pdf');
    await waitFor(() => expect(screen.getByTestId('file-check')).toHaveTextContent('文件“仓单-改.pdf”与证书不符'));
  });

  it('shows a certificate whose proof was tampered with as invalid', async () => {
    signIn();
    const cert = await certificate();
    const proof = [...cert.inclusionProof];
    proof[0] = toHex(sha256(fromHex(proof[0]!)));
    mockApi({
      [DOCUMENT_LOG_PATHS.certificate]: () => ({
        certificate: { ...cert, inclusionProof: proof },
        document: { fileId: 7, fileName: 'x.pdf', sizeBytes: 1, uploadedBy: 'demo-a-staff', usedBy: [] },
      }),
    });
    renderWithProviders(<CertificatePage />, { route: '/blockchain/certificates/detail?index=1' });
    expect(await screen.findByText('证书验证失败')).toBeInTheDocument();
    expect(screen.getByText('包含证明不能推出检查点的根哈希')).toBeInTheDocument();
  });

  it('verifies each checkpoint’s signature and consistency proof, and flags a forged history', async () => {
    signIn();
    const { publicKey, sign } = await signer();
    const checkpoint = async (size: number, root: string, previous: { treeSize: number; rootHash: string; proof: string[] } | null) => {
      const ms = 1_790_000_100_000 + size;
      return {
        treeSize: size,
        rootHash: root,
        timestampMs: ms,
        timestamp: new Date(ms).toISOString(),
        signature: await sign(size, root, ms),
        previous,
      };
    };
    const root = (n: number) => toHex(treeHash(leaves.slice(0, n)));
    const forgedRoot = toHex(treeHash([leaves[0]!, leafHash(encoder.encode('forged'))]));
    const content = [
      await checkpoint(5, root(5), { treeSize: 3, rootHash: root(3), proof: consistencyProof(3, leaves.slice(0, 5)).map(toHex) }),
      await checkpoint(3, root(3), { treeSize: 2, rootHash: forgedRoot, proof: consistencyProof(2, leaves.slice(0, 3)).map(toHex) }),
      await checkpoint(2, forgedRoot, null),
    ];
    mockApi({
      [DOCUMENT_LOG_PATHS.entries]: () => ({
        content: [
          {
            index: 4,
            leafHash: toHex(leaves[4]!),
            registeredAt: new Date(times[4]!).toISOString(),
            own: false,
            fileSha256: null,
            fileName: null,
          },
          {
            index: 1,
            leafHash: toHex(leaves[1]!),
            registeredAt: new Date(times[1]!).toISOString(),
            own: true,
            fileSha256: fileSha,
            fileName: '仓单-沪-0457.pdf',
          },
        ],
        totalElements: 2,
        pageNumber: 0,
        pageSize: 10,
        treeSize: 5,
      }),
      [DOCUMENT_LOG_PATHS.checkpoints]: () => ({ content, totalElements: 3, pageNumber: 0, pageSize: 5, publicKey }),
    });
    renderWithProviders(<RecordsPage />, { route: '/blockchain/records' });
    const link = await screen.findByRole('link', { name: '仓单-沪-0457.pdf' });
    expect(link).toHaveAttribute('href', '/blockchain/certificates/detail?index=1');
    const rows = () => screen.getAllByRole('row').filter((r) => /自树大小|首个检查点/.test(r.textContent ?? ''));
    await waitFor(() => expect(within(rows()[0]!).getByText('签名有效')).toBeInTheDocument());
    expect(within(rows()[0]!).getByText('一致性已验证')).toBeInTheDocument();
    expect(within(rows()[1]!).getByText('一致性验证失败')).toBeInTheDocument();
    expect(within(rows()[2]!).getByText('首个检查点')).toBeInTheDocument();
  });

  it('looks a dropped file up by its SHA-256 alone', async () => {
    signIn();
    const api = mockApi({
      [DOCUMENT_LOG_PATHS.lookup]: ({ query }) => ({
        sha256: query.sha256,
        matches: [
          {
            index: 1,
            registeredAt: new Date(times[1]!).toISOString(),
            own: true,
            fileName: '仓单-沪-0457.pdf',
            certificateUrl: '/blockchain/certificates/detail?index=1',
          },
          { index: 3, registeredAt: new Date(times[3]!).toISOString(), own: false, fileName: null, certificateUrl: null },
        ],
      }),
    });
    renderWithProviders(<CertificateLookupPage />, { route: '/blockchain/certificates' });
    dropFile('点击或拖入要核验的文件', FILE_TEXT, '仓单.pdf');
    expect(await screen.findByText('该文件已登记（2 条记录）')).toBeInTheDocument();
    expect(api.lastQuery(DOCUMENT_LOG_PATHS.lookup)).toEqual({ sha256: fileSha });
    expect(screen.getByText('仓单-沪-0457.pdf')).toBeInTheDocument();
    expect(screen.getByText('已登记，非本企业文件')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '查看存证证书' })).toHaveAttribute('href', '/blockchain/certificates/detail?index=1');
  });
});
