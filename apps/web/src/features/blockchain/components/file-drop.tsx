// A drop zone that never uploads: the browser reads the chosen file and computes its SHA-256 itself.
import { InboxOutlined } from '@ant-design/icons';
import { Upload } from 'antd';
import { useState } from 'react';
import { hashFile } from './verify';

type Props = { label: string; hint: string; onHashed: (file: { name: string; sha256: string }) => void };

export function FileDrop({ label, hint, onHashed }: Props) {
  const [busy, setBusy] = useState(false);
  return (
    <Upload.Dragger
      multiple={false}
      showUploadList={false}
      disabled={busy}
      aria-label={label}
      beforeUpload={(file) => {
        setBusy(true);
        void hashFile(file)
          .then((sha256) => onHashed({ name: file.name, sha256 }))
          .finally(() => setBusy(false));
        return Upload.LIST_IGNORE;
      }}
    >
      <p className="ant-upload-drag-icon">
        <InboxOutlined />
      </p>
      <p className="ant-upload-text">{label}</p>
      <p className="ant-upload-hint">{hint}</p>
    </Upload.Dragger>
  );
}
