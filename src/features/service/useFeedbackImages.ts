import { useCallback, useEffect, useReducer, useRef, type MutableRefObject } from 'react';
import { uploadFile } from '../../api/client';
import { isOk } from '../../platform/request';
import { chooseImages } from '../../platform/ui';
import { MAX_IMAGES, imagesReducer } from './feedbackForm';

let nextImageKey = 0;

/** False once the component has gone: a late reply then changes nothing. */
export function useMountedRef(): MutableRefObject<boolean> {
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );
  return mounted;
}

/**
 * The feedback's pictures: each uploads as soon as it is chosen; a failed one can be retried or
 * removed. `onAdded` runs when the user added at least one.
 */
export function useFeedbackImages(onAdded: () => void) {
  const [images, dispatch] = useReducer(imagesReducer, []);
  const mounted = useMountedRef();

  const upload = useCallback(
    async (key: string, localPath: string) => {
      const reply = await uploadFile(localPath);
      if (!mounted.current) return;
      if (isOk(reply) && reply.data) dispatch({ type: 'uploaded', key, uploadId: reply.data.id });
      else dispatch({ type: 'failed', key, message: reply.msg });
    },
    [mounted],
  );

  const addImages = async () => {
    const paths = await chooseImages(MAX_IMAGES - images.length, ['album', 'camera']);
    const added = paths.slice(0, MAX_IMAGES - images.length).map((localPath) => {
      nextImageKey += 1;
      return { key: `image-${nextImageKey}`, localPath };
    });
    if (added.length === 0) return;
    dispatch({ type: 'add', images: added });
    onAdded();
    added.forEach((image) => void upload(image.key, image.localPath));
  };

  const retryImage = (key: string, localPath: string) => {
    dispatch({ type: 'retry', key });
    void upload(key, localPath);
  };

  return {
    images,
    addImages,
    retryImage,
    removeImage: (key: string) => dispatch({ type: 'remove', key }),
    clearImages: () => dispatch({ type: 'clear' }),
  };
}
