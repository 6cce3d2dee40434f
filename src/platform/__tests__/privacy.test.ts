/** The WeChat privacy hook, with a fake `wx` (tests run as H5, so the .weapp file is imported). */
type Resolve = (result: { event: string; buttonId?: string }) => void;

describe('privacy.weapp', () => {
  const g = globalThis as unknown as { wx?: unknown };
  afterEach(() => {
    delete g.wx;
    jest.resetModules();
  });

  it('opens the app popup when WeChat needs consent, and reports the agree button', async () => {
    let listener: ((resolve: Resolve) => void) | undefined;
    g.wx = { onNeedPrivacyAuthorization: (fn: (resolve: Resolve) => void) => (listener = fn) };
    const { listenPrivacyAuthorization, AGREE_BUTTON_ID, agreeButtonOpenType } =
      await import('../privacy.weapp');
    expect(agreeButtonOpenType).toBe('agreePrivacyAuthorization');
    const answers: ((agreed: boolean) => void)[] = [];
    listenPrivacyAuthorization((answer) => answers.push(answer));
    const results: { event: string; buttonId?: string }[] = [];
    listener?.((result) => results.push(result));
    listener?.((result) => results.push(result));
    expect(answers).toHaveLength(2);
    answers[0](true);
    answers[1](false);
    expect(results).toEqual([{ event: 'agree', buttonId: AGREE_BUTTON_ID }, { event: 'disagree' }]);
  });

  it('does nothing on a base library without the hook', async () => {
    g.wx = {};
    const { listenPrivacyAuthorization } = await import('../privacy.weapp');
    expect(() => listenPrivacyAuthorization(() => undefined)).not.toThrow();
  });
});

describe('privacy notice on Alipay', () => {
  it('asks once per brand and notice version, and not again after agreeing', async () => {
    jest.doMock('@/platform/privacy', () => jest.requireActual('@/platform/privacy.alipay'));
    const { ensurePrivacyNotice, usePrivacyPopup } = await import('@/stores/privacy-popup');
    const first = ensurePrivacyNotice();
    expect(usePrivacyPopup.getState().waiting).toHaveLength(1);
    usePrivacyPopup.getState().settle(true);
    await expect(first).resolves.toBe(true);
    await expect(ensurePrivacyNotice()).resolves.toBe(true);
    expect(usePrivacyPopup.getState().waiting).toHaveLength(0);
    jest.dontMock('@/platform/privacy');
  });
});
