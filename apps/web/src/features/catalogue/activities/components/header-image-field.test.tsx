import { notifications } from '@mantine/notifications';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../../../../test/fake-fetch';
import { renderWithProviders } from '../../../../test/render';
import { fakeApi } from '../../../../test/team-fixtures';
import { HeaderImageField } from './header-image-field';

const file = (size: number, type: string, name = 'header.png') => {
  const f = new File(['x'], name, { type });
  Object.defineProperty(f, 'size', { value: size });
  return f;
};

describe('HeaderImageField', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('checks type and size (5 MB as 5,000,000 bytes), then uploads the chosen file as multipart without a second click', async () => {
    const toast = vi.spyOn(notifications, 'show');
    let answer: (response: Response) => void = () => undefined;
    const { calls } = fakeApi({
      'POST /api/courses/7/header-image': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const { container } = renderWithProviders(<HeaderImageField activityId={7} image={null} canEdit />);
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(screen.getByText('No header image yet')).toBeInTheDocument();

    await userEvent.upload(input, file(100, 'application/pdf', 'a.pdf'), { applyAccept: false });
    expect(screen.getByRole('alert')).toHaveTextContent('Please choose a JPEG, PNG or WebP image.');
    await userEvent.upload(input, file(5_000_001, 'image/png'));
    expect(screen.getByRole('alert')).toHaveTextContent('The image is too large (at most 5 MB).');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await userEvent.upload(input, file(5_000_000, 'image/png'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Preview of the new header image' })).toBeInTheDocument();
    expect(await screen.findByRole('status')).toHaveTextContent('Uploading the image…');
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toBeInstanceOf(FormData);
    expect(((post?.body as FormData).get('file') as File).name).toBe('header.png');
    expect(screen.queryByRole('button', { name: 'Upload image' })).not.toBeInTheDocument();

    answer(json({ success: true, message: 'Image saved.', data: { list_url: '/l', detail_url: '/d' } }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ message: 'Image saved.' })));
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it("shows the server's refusal of the chosen image beside the field", async () => {
    const { calls } = fakeApi({
      'POST /api/courses/7/header-image': () => json({ message: 'Invalid.', errors: { file: ['The image could not be read.'] } }, 422),
    });
    const { container } = renderWithProviders(<HeaderImageField activityId={7} image={null} canEdit />);
    await userEvent.upload(container.querySelector('input[type="file"]') as HTMLInputElement, file(1_000, 'image/jpeg', 'x.jpg'));
    expect(await screen.findByRole('alert')).toHaveTextContent('The image could not be read.');
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);
    expect(screen.getByText('No header image yet')).toBeInTheDocument();
  });

  it('shows the stored image without buttons when the user may not edit', () => {
    renderWithProviders(<HeaderImageField activityId={7} image={{ list_url: '/l', detail_url: '/media/k/detail' }} canEdit={false} />);
    expect(screen.getByRole('img', { name: 'Header image of the activity' })).toHaveAttribute('src', '/media/k/detail');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
