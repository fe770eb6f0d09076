import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MB, MESSAGES } from '@tfb/contract';
import { renderWithProviders } from '../../../test/render';
import { ImageUploader, checkImageFile } from '../image-uploader';

const image = (name: string, size = 1024) => {
  const f = new File(['x'], name, { type: 'image/png' });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('ImageUploader', () => {
  it('checks type, then size, then count, with the defaults of spec 5', () => {
    const opts = { types: ['jpg', 'jpeg', 'png', 'gif'], maxSizeMb: 20, maxCount: 3, taken: 0 };
    expect(checkImageFile(image('a.bmp'), opts)).toEqual({ kind: 'type', type: 'bmp' });
    expect(checkImageFile(image('a.PNG', 21 * MB), opts)).toEqual({ kind: 'size', maxSizeMb: 20 });
    expect(checkImageFile(image('a.jpg', 20 * MB), opts)).toBeNull();
    expect(checkImageFile(image('a.gif'), { ...opts, taken: 3 })).toEqual({ kind: 'count', maxCount: 3 });
  });

  it('shows the footnote and the three messages with their placeholders filled', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const value = [
      { id: 1, filePath: '/api/businessperationService/common/file/1', fileName: 'a.png' },
      { id: 2, filePath: '/api/businessperationService/common/file/2', fileName: 'b.png' },
    ];
    const { container } = renderWithProviders(
      <ImageUploader value={value} onChange={() => undefined} maxCount={2} maxSizeMb={5} types={['png', 'jpg']} />,
    );
    expect(screen.getByText('支持 png/jpg 格式，单张不超过 5MB，最多 2 张')).toBeInTheDocument();
    // Full: the upload button is gone.
    expect(screen.queryByText('上传图片')).not.toBeInTheDocument();
    await user.upload(container.querySelector('input[type=file]') as HTMLInputElement, image('c.png'));
    expect(await screen.findByText('最大图片数量为2张')).toBeInTheDocument();

    const { container: c2 } = renderWithProviders(<ImageUploader maxSizeMb={5} types={['png', 'jpg']} />);
    // rc-upload replaces its input after every pick: look it up each time.
    const input = () => c2.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input(), image('photo.bmp'));
    expect(await screen.findByText(MESSAGES.imageTypeNotSupported('bmp', ['png', 'jpg']))).toBeInTheDocument();
    expect(MESSAGES.imageTypeNotSupported('bmp', ['png', 'jpg'])).toBe('暂不支持该类型：bmp ,可上传类型为：png,jpg');
    await user.upload(input(), image('photo.png', 6 * MB));
    expect(await screen.findByText('上传文件大小不能超过 5MB!')).toBeInTheDocument();
  });

  it('asks before deleting an image', async () => {
    const user = userEvent.setup();
    const value = [{ id: 1, filePath: '/api/businessperationService/common/file/1', fileName: 'a.png' }];
    let latest = value;
    renderWithProviders(<ImageUploader value={value} onChange={(v) => (latest = v)} />);
    await user.click(screen.getByTitle(/删除/));
    expect((await screen.findAllByText('你确定要删除吗?')).length).toBeGreaterThan(0);
    await user.click(screen.getByRole('button', { name: /确\s*定/ }));
    expect(latest).toEqual([]);
  });
});
